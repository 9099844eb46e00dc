import { EDITOR_TYPES, type JournalRole } from '../enums';

/**
 * Who may do what in one journal (DESIGN §3). The server enforces these; the web uses the same rules to hide
 * what a user may not do.
 */
export interface Actor {
  roles: readonly JournalRole[];
  editorType: number | null;
  isPlatformAdmin: boolean;
}

export const GUEST: Actor = { roles: [], editorType: null, isPlatformAdmin: false };

const has = (actor: Actor, role: JournalRole) => actor.roles.includes(role);

export const isEditor = (actor: Actor) => has(actor, 'editor');
export const isHandlingEditor = (actor: Actor) => has(actor, 'handlingEditor');
export const isJournalManager = (actor: Actor) => isEditor(actor) && actor.editorType === EDITOR_TYPES.journalManager;
/**
 * A journal manager's powers over the journal's administration (issue 22 §5): its journal manager, and the platform
 * administrator in every journal. The editorial work (decisions, reviews) stays with the journal's own editors.
 */
export const managesJournal = (actor: Actor) => actor.isPlatformAdmin || isJournalManager(actor);
/**
 * The editor panel: the journal manager and the secretary (every screen but payment settings and roles), and the
 * platform administrator in every journal.
 */
export const hasEditorPanel = (actor: Actor) =>
  managesJournal(actor) || (isEditor(actor) && actor.editorType === EDITOR_TYPES.secretary);
/** Who sets people's roles in a journal (issue 22 §5): who manages it; the secretary has every other user action. */
export const mayEditRoles = managesJournal;

/**
 * Back-office screens; each has a path under /{slug}/dashboard/ (or /{slug}/admin/ for the screens spec 03 §2 routes
 * there: `area: 'admin'`) and a rule (spec 01 §6).
 */
export const BACK_OFFICE_SCREENS = {
  authorDashboard: { path: '', allow: (a: Actor) => has(a, 'researcher') || has(a, 'editor') || has(a, 'reviewer') },
  drafts: { path: 'drafts', allow: (a: Actor) => has(a, 'researcher') },
  addPaper: { path: 'papers/create', allow: (a: Actor) => has(a, 'researcher') },
  reviewerDashboard: { path: 'reviewing', allow: (a: Actor) => has(a, 'reviewer') },
  handlingEditorDashboard: { path: 'HandlingEditor', allow: isHandlingEditor },
  editorDashboard: { path: 'EditorDashboard', allow: isEditor },
  paperLogs: { path: 'papers-logs', allow: (a: Actor) => isEditor(a) || isHandlingEditor(a) },
  journalData: { path: 'Board-data', allow: hasEditorPanel },
  keywords: { path: 'ProposalInfo/Keywords', allow: hasEditorPanel },
  reviewSheet: { path: 'ProposalInfo/ReviewSheet', allow: hasEditorPanel },
  users: { path: 'users', allow: hasEditorPanel },
  mailContent: { path: 'ProposalInfo/MailMessageContent', allow: hasEditorPanel },
  sendMail: { path: 'ProposalInfo/CustomMessage', allow: hasEditorPanel },
  outbox: { path: 'ProposalInfo/Outbox', allow: hasEditorPanel },
  customTabs: { path: 'custom-tabs', allow: hasEditorPanel },
  issues: { path: 'IssuesManagement', area: 'admin', allow: hasEditorPanel },
  archiveManagement: { path: 'ArchiveManagement', area: 'admin', allow: hasEditorPanel },
  slider: { path: 'news-slider', allow: hasEditorPanel },
  payment: { path: 'payment', allow: managesJournal },
  imports: { path: 'import', allow: managesJournal },
  doiRegistration: { path: 'doi', allow: managesJournal },
  platformJournals: { path: 'platform/journals', allow: (a: Actor) => a.isPlatformAdmin },
  platformUsers: { path: 'platform/users', allow: (a: Actor) => a.isPlatformAdmin },
  platformLanding: { path: 'platform/landing', allow: (a: Actor) => a.isPlatformAdmin },
  platformOutbox: { path: 'platform/outbox', allow: (a: Actor) => a.isPlatformAdmin },
  platformHealth: { path: 'platform/health', allow: (a: Actor) => a.isPlatformAdmin },
  profile: { path: 'profile', allow: (a: Actor) => a.roles.length > 0 || a.isPlatformAdmin },
} as const satisfies Record<string, { path: string; area?: 'admin'; allow: (a: Actor) => boolean }>;
export type BackOfficeScreen = keyof typeof BACK_OFFICE_SCREENS;

/** The drawer: groups of screens, in order. The editor panel is one group (spec 01 §2). */
export const DRAWER_GROUPS: { group: string; screens: BackOfficeScreen[] }[] = [
  { group: 'author', screens: ['authorDashboard', 'drafts'] },
  { group: 'reviewer', screens: ['reviewerDashboard'] },
  { group: 'editorial', screens: ['handlingEditorDashboard', 'editorDashboard', 'paperLogs'] },
  {
    group: 'editorPanel',
    screens: [
      'journalData',
      'keywords',
      'reviewSheet',
      'users',
      'mailContent',
      'sendMail',
      'outbox',
      'customTabs',
      'issues',
      'archiveManagement',
      'slider',
      'payment',
      'doiRegistration',
      'imports',
    ],
  },
  {
    group: 'platform',
    screens: ['platformJournals', 'platformUsers', 'platformOutbox', 'platformLanding', 'platformHealth'],
  },
];

export function canSee(actor: Actor, screen: BackOfficeScreen): boolean {
  return BACK_OFFICE_SCREENS[screen].allow(actor);
}

/** Where a user lands after login: the dashboard of their highest role (spec 03 §4, ORCID login). */
export function homeScreenOf(actor: Actor): BackOfficeScreen | null {
  if (isEditor(actor)) return 'editorDashboard';
  if (isHandlingEditor(actor)) return 'handlingEditorDashboard';
  if (has(actor, 'reviewer')) return 'reviewerDashboard';
  if (has(actor, 'researcher')) return 'authorDashboard';
  if (actor.isPlatformAdmin) return 'profile';
  return null;
}

/** Editor and handling editor are never held together (DESIGN §3). */
export function rolesConflict(roles: readonly JournalRole[]): boolean {
  return roles.includes('editor') && roles.includes('handlingEditor');
}
