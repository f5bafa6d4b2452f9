/** Where each rule is documented, relative to the repository root. */
export const rulesDocument = 'docs/effect-schema.md';

/** The documentation reference of a rule: its section of the rule reference. */
export function ruleDocsUrl(ruleId: string): string {
  return `${rulesDocument}#${ruleId}`;
}
