import { mkdirSync, readFileSync } from 'node:fs';
import { formatNumber } from '@journals/core/format';
import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * The platform administrator's health screen (issue 23 §3, decision 0059): each scheduled job with its period, last
 * successful run and state, the mail waiting and given up, the job queue and the migrations; scheduled work that
 * stopped is said in red at the top.
 */

const SHOTS = '/tmp/shots-platform';
/** The migrations of the repository: the server applies them all at start. */
const MIGRATIONS = (
  JSON.parse(readFileSync(new URL('../apps/server/drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;
mkdirSync(SHOTS, { recursive: true });

for (const language of LANGUAGES) {
  test(`the platform administrator sees whether the scheduled work runs (${language})`, async ({
    page,
    openScreen,
    seriousViolations,
  }) => {
    const text = textOf(language);
    await openScreen({ slug: 'general', email: 'admin@platform.test', screen: 'platformHealth', language });
    await expect(page).toHaveURL(/\/general\/dashboard\/platform\/health$/);
    if (language === 'ar') await expectArabicPage(page, 'المهام المجدولة');

    // A platform just started: both jobs on time, none run yet this week (the first run comes half a period in).
    const jobs = page.getByTestId('health-jobs');
    const housekeeping = jobs.getByTestId('health-job-housekeeping');
    await expect(housekeeping).toContainText(text('health.job_housekeeping'));
    await expect(housekeeping).toContainText(text('health.every_minutes', { count: formatNumber(10, language) }));
    await expect(housekeeping.getByTestId('health-job-state')).toHaveText(text('health.state_ok'));
    const reminders = jobs.getByTestId('health-job-reminders');
    await expect(reminders).toContainText(text('health.job_reminders'));
    await expect(reminders).toContainText(text('health.never'));
    await expect(page.getByTestId('health-overdue')).toHaveCount(0);
    // The mail server is configured here: the queue of deliveries is running, and the migrations are all applied.
    await expect(page.getByTestId('health-queue')).not.toContainText(text('health.queue_none'));
    const count = formatNumber(MIGRATIONS, language);
    await expect(page.getByTestId('health-database')).toHaveText(
      text('health.database_title') + text('health.migrations', { applied: count, known: count }),
    );
    expect(await seriousViolations()).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/health-${language}.png`, fullPage: true });

    // Housekeeping stopped three periods ago and reminders' last run failed: the screen says so.
    await page.route('**/api/journals/general/platform/health', async (route) => {
      const answer = await route.fetch();
      const health = await answer.json();
      const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
      health.scheduled = health.scheduled.map((job: { job: string }) =>
        job.job === 'housekeeping'
          ? { ...job, lastSuccessAt: ago(31), overdue: true }
          : {
              ...job,
              lastSuccessAt: ago(50),
              lastFailureAt: ago(2),
              lastError: 'Error: connect ECONNREFUSED',
              failures: 1,
            },
      );
      await route.fulfill({ response: answer, json: health });
    });
    await page.reload();
    await expect(page.getByTestId('health-overdue')).toContainText(text('health.overdue_alert_title'));
    await expect(housekeeping.getByTestId('health-job-state')).toHaveText(text('health.state_overdue'));
    await expect(reminders.getByTestId('health-job-state')).toHaveText(text('health.state_failing'));
    await expect(reminders.getByTestId('health-job-error')).toHaveText(
      text('health.last_error', { error: 'Error: connect ECONNREFUSED' }),
    );
    expect(await seriousViolations()).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/health-overdue-${language}.png`, fullPage: true });
  });
}
