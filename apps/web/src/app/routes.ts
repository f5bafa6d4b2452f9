import type { Route } from './router.js';

/**
 * Every page, in navigation order; the first is where unknown URLs land. Each page is a chunk of
 * its own, loaded when first shown: the overview's first load carries nothing of the others.
 */
export const ROUTES: readonly Route[] = [
  {
    name: '',
    tag: 'gk-overview-page',
    load: () => import('../pages/overview/overview-page.js'),
    signedIn: true,
    nav: 'web_nav_overview',
  },
  {
    name: 'effects',
    tag: 'gk-effects-page',
    load: () => import('../pages/effects/effects-page.js'),
    signedIn: true,
    forms: true,
    nav: 'web_nav_effects',
  },
  {
    name: 'colour',
    tag: 'gk-colour-page',
    load: () => import('../pages/colour/colour-page.js'),
    signedIn: true,
    forms: true,
    nav: 'web_nav_colour',
  },
  {
    name: 'setup',
    tag: 'gk-setup-page',
    load: () => import('../pages/setup/setup-page.js'),
    signedIn: true,
    forms: true,
    nav: 'web_nav_setup',
  },
  {
    name: 'capture',
    tag: 'gk-capture-page',
    load: () => import('../pages/capture/capture-page.js'),
    signedIn: true,
    forms: true,
    nav: 'web_nav_capture',
  },
  {
    name: 'instances',
    tag: 'gk-instances-page',
    load: () => import('../pages/instances/instances-page.js'),
    signedIn: true,
    forms: true,
    nav: 'web_nav_instances',
  },
  {
    name: 'backup',
    tag: 'gk-backup-page',
    load: () => import('../pages/backup/backup-page.js'),
    signedIn: true,
    forms: true,
    nav: 'web_nav_backup',
  },
  {
    name: 'tokens',
    tag: 'gk-tokens-page',
    load: () => import('../pages/tokens/tokens-page.js'),
    signedIn: true,
    forms: true,
    nav: 'web_nav_tokens',
  },
  {
    name: 'log',
    tag: 'gk-log-page',
    load: () => import('../pages/log/log-page.js'),
    phrases: () => import('glowkit-phrases:log'),
    signedIn: true,
    forms: true,
    nav: 'web_nav_log',
  },
  {
    name: 'system',
    tag: 'gk-system-page',
    load: () => import('../pages/system/system-page.js'),
    phrases: () => import('glowkit-phrases:system'),
    signedIn: true,
    nav: 'web_nav_system',
  },
  {
    name: 'sign-in',
    tag: 'gk-sign-in-page',
    load: () => import('../pages/sign-in/sign-in-page.js'),
    signedIn: false,
  },
];

/** The sign-in page's route. */
export const SIGN_IN = ROUTES.find((r) => r.name === 'sign-in') as Route;
