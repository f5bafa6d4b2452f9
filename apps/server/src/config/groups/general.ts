import {
  boolean,
  checkObject,
  type GroupProblem,
  type ObjectShape,
  oneOf,
  string,
} from './rules.js';

/** The release channels whose updates the web UI watches. */
const VERSION_BRANCHES = ['Stable', 'Beta', 'Alpha'] as const;

/** Global group `general`: the configuration's name and version. */
export interface GeneralSettings {
  /** Name of this configuration, shown in the web UI. 4 to 20 characters. */
  name?: string;
  /**
   * Version of the settings layout, which decides the migrations Hyperion.ng runs on the data.
   * Any string; absent means Hyperion's oldest layout (2.0.0-alpha.8).
   */
  configVersion?: string;
  /** Whether the web UI shows the help text of every option. */
  showOptHelp?: boolean;
  /** Release channel watched for updates: Stable, Beta or Alpha. */
  watchedVersionBranch?: (typeof VERSION_BRANCHES)[number];
  /** Fields of other versions are kept as they are. */
  [key: string]: unknown;
}

const generalShape: ObjectShape = {
  fields: {
    name: string(4, 20),
    configVersion: string(),
    showOptHelp: boolean(),
    watchedVersionBranch: oneOf(VERSION_BRANCHES),
  },
};

/** Checks a `general` value; every field is optional. */
export function validateGeneral(value: unknown): GroupProblem[] {
  return checkObject(value, generalShape);
}
