import type { ExecuteSql } from '../db/client';
import type { ScheduledJob } from './schedule';

/**
 * Deletes what has expired, in one statement: sessions past their expiry, sign-in failures older than the hour
 * the throttle counts (lib/login-throttle.ts), activation and reset links past theirs (an expired link is refused
 * like an unknown one), used captcha solutions past their challenge's life, ended rate-limit windows, and the
 * records of scheduled runs older than a week; then folds the desk's kept counts. Answers how many rows of each
 * went.
 */
const DELETE_EXPIRED = `
WITH
  gone_sessions AS (DELETE FROM sessions WHERE expires_at < now() RETURNING 1),
  gone_login_failures AS (DELETE FROM login_failures WHERE failed_at < now() - interval '1 hour' RETURNING 1),
  gone_user_tokens AS (DELETE FROM user_tokens WHERE expires_at < now() RETURNING 1),
  gone_captcha_uses AS (DELETE FROM captcha_uses WHERE expires_at < now() RETURNING 1),
  gone_rate_limit_counters AS (DELETE FROM rate_limit_counters WHERE expires_at < now() RETURNING 1),
  gone_scheduled_runs AS (DELETE FROM scheduled_runs WHERE started_at < now() - interval '7 days' RETURNING 1)
SELECT
  (SELECT count(*) FROM gone_sessions)::int AS "sessions",
  (SELECT count(*) FROM gone_login_failures)::int AS "loginFailures",
  (SELECT count(*) FROM gone_user_tokens)::int AS "userTokens",
  (SELECT count(*) FROM gone_captcha_uses)::int AS "captchaUses",
  (SELECT count(*) FROM gone_rate_limit_counters)::int AS "rateLimitCounters",
  (SELECT count(*) FROM gone_scheduled_runs)::int AS "scheduledRuns"`;

export function housekeeping(executeSql: ExecuteSql, periodMs: number): ScheduledJob {
  return {
    name: 'housekeeping',
    periodMs,
    run: async () => {
      const [expired] = (await executeSql(DELETE_EXPIRED)).rows as Record<string, number>[];
      // The desk's kept counts folded into one row a class (migration 0028, decision 0060).
      const [folded] = (await executeSql('SELECT compact_desk_paper_counts() AS "deskCountRows"')).rows as {
        deskCountRows: number;
      }[];
      return { ...expired, ...folded };
    },
  };
}
