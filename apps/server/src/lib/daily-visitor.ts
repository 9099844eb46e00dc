import { createHmac } from 'node:crypto';

/**
 * Who a reader is for today's counts (issue 21 §3: views and downloads counted once per visitor per day), without a
 * cookie and without keeping an address: an HMAC of the address and the user agent under a salt derived from the
 * server's secret and the day. Every process of the site derives the same salt, the salt changes at midnight UTC,
 * and yesterday's hash cannot be linked to today's or turned back into an address without the secret.
 */

/** Today's day (UTC, YYYY-MM-DD), the unit a visitor is counted once in. */
export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The visitor's hash for `day`: the same address and agent give the same hash all day, another the next day. */
export function dailyVisitor(
  secret: string,
  visitor: { ip: string; userAgent: string | undefined },
  day = utcDay(),
): string {
  const salt = createHmac('sha256', secret).update(`daily-visitor:${day}`).digest();
  return createHmac('sha256', salt)
    .update(`${visitor.ip}\n${visitor.userAgent ?? ''}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * Known crawlers, link checkers and fetch tools by their user agent: they read pages and PDFs without being readers,
 * so they are not counted. An agent-less request counts as a tool too.
 */
const CRAWLER =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|quora link preview|bingpreview|yandex|baidu|duckduckgo|semrush|ahrefs|mj12|dotbot|petalbot|bytespider|gptbot|claudebot|ccbot|archive\.org_bot|ia_archiver|heritrix|scholar|citeseerx|lighthouse|headlesschrome|phantomjs|python-requests|python-urllib|aiohttp|curl\/|wget\/|libwww|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|httpclient|feedfetcher|rss|monitor|uptime|pingdom|check_http|preview/i;

export function isCrawler(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || CRAWLER.test(userAgent);
}
