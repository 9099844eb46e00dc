import { z } from 'zod';
import { CROSSREF_SYSTEMS, DEFAULT_DOI_PATTERN, DOI_STATES, doiPatternProblem } from '../rules/doi';

/**
 * The DOI registration settings of a journal (issue 46 §1, decision 0086), its manager's: the suffix pattern, the
 * Crossref system deposits go to, and the Crossref account. The password is never sent back: an empty one in a save
 * keeps the stored one. The prefix and the depositor stay in the journal data form; the answer repeats them.
 */
export const doiSettingsRequest = z
  .object({
    suffixPattern: z
      .string()
      .trim()
      .default(DEFAULT_DOI_PATTERN)
      .superRefine((value, context) => {
        const problem = doiPatternProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    system: z.enum(CROSSREF_SYSTEMS, { error: 'doi.system_required' }).default('off'),
    login: z.string().trim().max(200, { error: 'validation.max' }).default(''),
    /** Empty keeps the stored password. */
    password: z.string().max(200, { error: 'validation.max' }).default(''),
  })
  .superRefine((settings, context) => {
    if (settings.system !== 'off' && settings.login === '')
      context.addIssue({ code: 'custom', path: ['login'], message: 'doi.login_required' });
  });
export type DoiSettingsRequest = z.input<typeof doiSettingsRequest>;

export const doiSettingsResponse = z.object({
  suffixPattern: z.string(),
  system: z.enum(CROSSREF_SYSTEMS),
  login: z.string(),
  passwordSet: z.boolean(),
  /** From the journal data form: what the deposits also need. */
  prefix: z.string(),
  depositorName: z.string(),
  depositorEmail: z.string(),
  /** The DOI the pattern gives a paper, as an example (empty while no prefix is set). */
  example: z.string(),
});
export type DoiSettingsResponse = z.infer<typeof doiSettingsResponse>;

/** A paper's DOI and its deposit, as the issue screen and the paper's page show them to editors. */
export const doiDepositView = z.object({
  paperId: z.number(),
  doi: z.string(),
  state: z.enum(DOI_STATES),
  /** Crossref's message for a refusal, or the last network failure while it waits to be sent again. */
  message: z.string(),
  attempts: z.number(),
  updatedAt: z.string(),
  depositedAt: z.string().nullable(),
});
export type DoiDepositView = z.infer<typeof doiDepositView>;

export const doiDepositsResponse = z.object({ deposits: z.array(doiDepositView) });
