import { describe, expect, it } from 'vitest';
import { EDITOR_TYPES, type JournalRole } from '../src/enums';
import {
  type Actor,
  BACK_OFFICE_SCREENS,
  type BackOfficeScreen,
  canSee,
  DRAWER_GROUPS,
  GUEST,
  hasEditorPanel,
  homeScreenOf,
  isJournalManager,
  mayEditRoles,
  rolesConflict,
} from '../src/rules/permissions';

/** Who sees which back-office screen (spec 01 §6, DESIGN §3). */

const actor = (roles: JournalRole[], editorType: number | null = null, isPlatformAdmin = false): Actor => ({
  roles,
  editorType,
  isPlatformAdmin,
});

const ALL_SCREENS = Object.keys(BACK_OFFICE_SCREENS) as BackOfficeScreen[];
const EDITOR_PANEL = DRAWER_GROUPS.find((group) => group.group === 'editorPanel')!.screens;
const visible = (who: Actor) => ALL_SCREENS.filter((screen) => canSee(who, screen)).sort();

describe('canSee per role', () => {
  it('a guest sees no back-office screen', () => {
    expect(visible(GUEST)).toEqual([]);
  });

  it('a researcher sees the author dashboard, drafts, add paper and the profile', () => {
    expect(visible(actor(['researcher']))).toEqual(['addPaper', 'authorDashboard', 'drafts', 'profile']);
  });

  it('a reviewer sees the reviewer dashboard and the author dashboard (spec 01 §6), not drafts', () => {
    expect(visible(actor(['reviewer']))).toEqual(['authorDashboard', 'profile', 'reviewerDashboard']);
  });

  it('a handling editor sees the handling-editor dashboard and paper logs, nothing of the editor panel', () => {
    expect(visible(actor(['handlingEditor']))).toEqual(['handlingEditorDashboard', 'paperLogs', 'profile']);
  });

  it('a journal manager (editorType 0) sees the editor dashboard, paper logs and the whole editor panel with payment', () => {
    const manager = actor(['editor'], EDITOR_TYPES.journalManager);
    for (const screen of EDITOR_PANEL)
      expect({ screen, seen: canSee(manager, screen) }).toEqual({ screen, seen: true });
    expect(canSee(manager, 'editorDashboard')).toBe(true);
    expect(canSee(manager, 'paperLogs')).toBe(true);
    expect(canSee(manager, 'authorDashboard')).toBe(true);
    expect(canSee(manager, 'drafts')).toBe(false);
    expect(canSee(manager, 'handlingEditorDashboard')).toBe(false);
    expect(canSee(manager, 'reviewerDashboard')).toBe(false);
  });

  it('a secretary (editorType 1) sees the editor panel except payment settings, DOI registration and the Import screen', () => {
    const secretary = actor(['editor'], EDITOR_TYPES.secretary);
    for (const screen of EDITOR_PANEL) {
      const seen = screen !== 'payment' && screen !== 'imports' && screen !== 'doiRegistration';
      expect({ screen, seen: canSee(secretary, screen) }).toEqual({ screen, seen });
    }
    expect(canSee(secretary, 'editorDashboard')).toBe(true);
  });

  it('an editorial member (editorType 2) does editorial work only: no editor panel', () => {
    const member = actor(['editor'], EDITOR_TYPES.member);
    for (const screen of EDITOR_PANEL)
      expect({ screen, seen: canSee(member, screen) }).toEqual({ screen, seen: false });
    expect(canSee(member, 'editorDashboard')).toBe(true);
    expect(canSee(member, 'paperLogs')).toBe(true);
  });

  it('an editor without an editor type gets no editor panel', () => {
    const untyped = actor(['editor'], null);
    expect(hasEditorPanel(untyped)).toBe(false);
    expect(isJournalManager(untyped)).toBe(false);
    expect(canSee(untyped, 'editorDashboard')).toBe(true);
  });

  it('an editor type without the editor role gives nothing', () => {
    expect(visible(actor(['researcher'], EDITOR_TYPES.journalManager))).toEqual([
      'addPaper',
      'authorDashboard',
      'drafts',
      'profile',
    ]);
  });

  it("a platform admin without a role in the journal has the whole editor panel, the platform's journals, people, mail, home page and health, and the profile, no editorial work", () => {
    expect(visible(actor([], null, true))).toEqual([
      'archiveManagement',
      'customTabs',
      'doiRegistration',
      'imports',
      'issues',
      'journalData',
      'keywords',
      'mailContent',
      'outbox',
      'payment',
      'platformHealth',
      'platformJournals',
      'platformLanding',
      'platformOutbox',
      'platformUsers',
      'profile',
      'reviewSheet',
      'sendMail',
      'slider',
      'users',
    ]);
    expect(mayEditRoles(actor([], null, true))).toBe(true);
    expect(mayEditRoles(actor(['editor'], EDITOR_TYPES.secretary))).toBe(false);
  });

  it('roles add up: researcher and reviewer see both dashboards', () => {
    expect(visible(actor(['researcher', 'reviewer']))).toEqual([
      'addPaper',
      'authorDashboard',
      'drafts',
      'profile',
      'reviewerDashboard',
    ]);
  });
});

describe('the drawer', () => {
  it('lists only known screens, each once', () => {
    const listed = DRAWER_GROUPS.flatMap((group) => group.screens);
    expect(new Set(listed).size).toBe(listed.length);
    for (const screen of listed) expect(ALL_SCREENS).toContain(screen);
  });

  it('gives every screen its own path', () => {
    const paths = ALL_SCREENS.map((screen) => BACK_OFFICE_SCREENS[screen].path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('homeScreenOf: where a user lands after login (spec 03 §4)', () => {
  it.each([
    ['editor', actor(['editor'], 0), 'editorDashboard'],
    ['editor who also reviews', actor(['reviewer', 'editor'], 2), 'editorDashboard'],
    ['handling editor', actor(['handlingEditor']), 'handlingEditorDashboard'],
    ['handling editor and reviewer', actor(['reviewer', 'handlingEditor']), 'handlingEditorDashboard'],
    ['reviewer', actor(['reviewer']), 'reviewerDashboard'],
    ['researcher and reviewer', actor(['researcher', 'reviewer']), 'reviewerDashboard'],
    ['researcher', actor(['researcher']), 'authorDashboard'],
    ['platform admin without a role', actor([], null, true), 'profile'],
    ['guest', GUEST, null],
  ] as [string, Actor, BackOfficeScreen | null][])('%s → %s', (_name, who, screen) => {
    expect(homeScreenOf(who)).toBe(screen);
  });

  it('always lands on a screen the user may see', () => {
    const roles: JournalRole[] = ['researcher', 'reviewer', 'handlingEditor', 'editor'];
    for (let mask = 1; mask < 16; mask++) {
      const held = roles.filter((_, index) => mask & (1 << index));
      if (rolesConflict(held)) continue;
      for (const editorType of [0, 1, 2]) {
        const who = actor(held, held.includes('editor') ? editorType : null);
        const screen = homeScreenOf(who)!;
        expect({ held, editorType, screen, seen: canSee(who, screen) }).toEqual({
          held,
          editorType,
          screen,
          seen: true,
        });
      }
    }
  });
});

describe('rolesConflict: editor and handling editor never together (DESIGN §3)', () => {
  it.each([
    [['editor', 'handlingEditor'], true],
    [['researcher', 'editor', 'reviewer', 'handlingEditor'], true],
    [['editor', 'reviewer'], false],
    [['handlingEditor', 'reviewer', 'researcher'], false],
    [['editor'], false],
    [[], false],
  ] as [JournalRole[], boolean][])('%j → %s', (roles, conflict) => {
    expect(rolesConflict(roles)).toBe(conflict);
  });
});
