import { PAPER_STATUS } from '@journals/core/enums';
import type { ScaleOptions } from './scale-options';
import { FAMILY_NAMES, FIRST_NAMES, METHODS, type Pair, SETTINGS, TOPICS } from './scale-words';

export type Random = () => number;

/** mulberry32: small, fast and the same on every machine for a seed. */
export function random(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DAY = 86_400_000;
export const pick = <T>(rng: Random, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
export const between = (rng: Random, low: number, high: number) => low + Math.floor(rng() * (high - low + 1));
export const two = (n: number) => String(n).padStart(2, '0');

/** Share of paper rows by status, 0 to 7: most submitted, in review or decided; a quarter published. */
const STATUS_SHARES = [0.06, 0.1, 0.14, 0.07, 0.09, 0.06, 0.24, 0.24];
/** Share of submitted papers that are a resubmission (two rows: the superseded version 1 and version 2). */
const CHAIN_SHARE = 0.06;

export interface Person {
  id: number;
  fullName: string;
  email: string;
  workPlace: string;
}

export interface Planned {
  creator: Person;
  status: number;
  createdAt: Date;
  submittedAt: Date | null;
  statusDate: Date;
  issueIndex: number | null;
  title: Pair;
  version: number;
  superseded: boolean;
  /** Which of the journal's five specializations (0–4); a resubmission keeps its first version's. */
  specialization: number;
  parent?: Planned;
  code?: string;
  id?: number;
}

export interface JournalPlan {
  index: number;
  slug: string;
  options: ScaleOptions;
  papers: number;
  /** Published papers of its archive, on top of `papers` (scale option `archive`). */
  archive: number;
  heavy: number;
  passwordHash: string;
  rng: Random;
  end: Date;
}

export function personName(rng: Random, arabic: boolean) {
  const first = pick(rng, FIRST_NAMES);
  const family = pick(rng, FAMILY_NAMES);
  return {
    fullName: arabic ? `${first[1]} ${family[1]}` : `${first[0]} ${family[0]}`,
    latin: `${first[0]} ${family[0]}`,
  };
}

function pickStatus(rng: Random): number {
  let roll = rng();
  for (const [status, share] of STATUS_SHARES.entries()) {
    roll -= share;
    if (roll < 0) return status;
  }
  return PAPER_STATUS.published;
}

/** The journal's paper rows with creators, statuses and dates; exactly `plan.heavy` rows belong to r1. */
export function planPapers(plan: JournalPlan, researchers: Person[], issueDates: Date[]): Planned[] {
  const { rng, end } = plan;
  const span = 4 * 365 * DAY;
  const ago = (days: number) => new Date(end.getTime() - days * DAY - between(rng, 0, DAY - 1));
  const out: Planned[] = [];
  let rowsLeft = plan.papers;
  let heavyLeft = plan.heavy;
  while (rowsLeft > 0) {
    // Selection sampling that stays exact when a resubmission takes two rows.
    const isHeavy = heavyLeft > 0 && (heavyLeft >= rowsLeft - 1 || rng() < heavyLeft / rowsLeft);
    // r1 writes only the heavy share in the first journal; elsewhere everyone but r1 is picked alike.
    const creator = isHeavy
      ? researchers[0]!
      : researchers[between(rng, Math.min(1, researchers.length - 1), researchers.length - 1)]!;
    const status = pickStatus(rng);
    const title = makeTitle(rng);
    const chainAllowed = rowsLeft >= 2 && (isHeavy ? heavyLeft >= 2 : heavyLeft <= rowsLeft - 2);
    const chain = chainAllowed && status !== PAPER_STATUS.draft && rng() < CHAIN_SHARE;
    let submittedAt: Date | null;
    let issueIndex: number | null = null;
    if (status === PAPER_STATUS.draft) submittedAt = null;
    else if (status === PAPER_STATUS.published) {
      issueIndex = between(rng, 0, issueDates.length - 1);
      submittedAt = new Date(issueDates[issueIndex]!.getTime() - between(rng, 120, 240) * DAY);
    } else if (status <= PAPER_STATUS.pendingDecision) submittedAt = ago(between(rng, 1, chain ? 120 : 365));
    else submittedAt = ago(between(rng, 30, span / DAY - 60));
    const createdAt = submittedAt
      ? new Date(submittedAt.getTime() - between(rng, 0, 10) * DAY)
      : ago(between(rng, 0, 180));
    const statusDate = submittedAt
      ? new Date(Math.min(submittedAt.getTime() + status * between(rng, 5, 15) * DAY, end.getTime()))
      : createdAt;
    const current: Planned = {
      creator,
      status,
      createdAt,
      submittedAt,
      statusDate,
      issueIndex,
      title,
      version: 1,
      superseded: false,
      // Spread evenly without drawing from the generator, so the rest of the data stays as it was.
      specialization: out.length % 5,
    };
    if (chain) {
      // Version 1 was sent back for modifications; version 2 is the paper as it stands now.
      const firstSubmitted = new Date(createdAt.getTime() - between(rng, 60, 120) * DAY);
      const parent: Planned = {
        ...current,
        status: PAPER_STATUS.acceptedWithRevisions,
        createdAt: new Date(firstSubmitted.getTime() - between(rng, 0, 5) * DAY),
        submittedAt: firstSubmitted,
        statusDate: new Date(firstSubmitted.getTime() + 30 * DAY),
        issueIndex: null,
        superseded: true,
      };
      out.push(parent, { ...current, version: 2, parent });
    } else {
      out.push(current);
    }
    const used = chain ? 2 : 1;
    rowsLeft -= used;
    if (isHeavy) heavyLeft -= used;
  }
  return out;
}

export function makeTitle(rng: Random): Pair {
  const method = pick(rng, METHODS);
  const topic = pick(rng, TOPICS);
  const setting = pick(
    rng,
    SETTINGS.filter((candidate) => candidate[2].split(' ').includes(topic[2])),
  );
  return rng() < 0.6
    ? [`${method[0]} of ${topic[0]} ${setting[0]}`, `${method[1]} حول ${topic[1]} ${setting[1]}`]
    : [
        `${topic[0][0]!.toUpperCase()}${topic[0].slice(1)} ${setting[0]}: ${method[0].replace(/^An? /, 'a ')}`,
        `${topic[1]} ${setting[1]}: ${method[1]}`,
      ];
}

/** {prefix}.{YY}.{MM}.{n}: n counts the month's first versions in order of submission, as the app numbers them. */
export function assignCodes(planned: Planned[], prefix: string) {
  const firsts = planned
    .filter((p) => p.submittedAt && p.version === 1)
    .sort((a, b) => a.submittedAt!.getTime() - b.submittedAt!.getTime());
  const perMonth = new Map<string, number>();
  for (const paper of firsts) {
    const at = paper.submittedAt!;
    const month = `${prefix}.${two(at.getUTCFullYear() % 100)}.${two(at.getUTCMonth() + 1)}`;
    const n = (perMonth.get(month) ?? 0) + 1;
    perMonth.set(month, n);
    paper.code = `${month}.${n}`;
  }
  for (const paper of planned) if (paper.parent) paper.code = paper.parent.code;
}
