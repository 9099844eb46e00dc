import { z } from 'zod';
import { richTextContent } from './journal-data';
import { id, requiredLine } from './fields';

/**
 * The journal's custom tabs as its editor panel edits them (spec 03 "Custom tab", §4–§5; issue 22 §2): a tree of two
 * levels, main tabs in the public menu and sub-tabs under them. Names in both languages up to 15 characters; the
 * order 1–10 (10 when none is given); a sub-tab names its main tab and has its content in both languages (rich text,
 * cleaned by the server). The public address (`slug`) is made from the English name once, when the tab is created,
 * and kept when it is renamed, so links to it keep working.
 */

export const CUSTOM_TAB_LIMITS = { name: 15, orderMin: 1, orderMax: 10, defaultOrder: 10, content: 200_000 } as const;

const content = z.string().max(CUSTOM_TAB_LIMITS.content, { error: 'validation.max' }).default('');

export const customTabRequest = z
  .object({
    nameEn: requiredLine('validation.required', CUSTOM_TAB_LIMITS.name, 'customTabs.name_max'),
    nameAr: requiredLine('validation.required', CUSTOM_TAB_LIMITS.name, 'customTabs.name_max'),
    order: z.coerce
      .number({ error: 'customTabs.order_range' })
      .int({ error: 'customTabs.order_range' })
      .min(CUSTOM_TAB_LIMITS.orderMin, { error: 'customTabs.order_range' })
      .max(CUSTOM_TAB_LIMITS.orderMax, { error: 'customTabs.order_range' })
      .default(CUSTOM_TAB_LIMITS.defaultOrder),
    /** The main tab a sub-tab belongs to; null for a main tab. */
    parentId: id.nullable().default(null),
    active: z.boolean().default(true),
    contentEn: content,
    contentAr: content,
  })
  .superRefine((tab, context) => {
    if (tab.parentId === null) return;
    for (const field of ['contentEn', 'contentAr'] as const) {
      if (richTextContent(tab[field]) === '') {
        context.addIssue({ code: 'custom', path: [field], message: 'customTabs.content_required' });
      }
    }
  });
export type CustomTabRequest = z.input<typeof customTabRequest>;

export interface CustomTabAdminNode {
  id: number;
  slug: string;
  nameEn: string;
  nameAr: string;
  contentEn: string;
  contentAr: string;
  order: number;
  active: boolean;
  parentId: number | null;
  subTabs: CustomTabAdminNode[];
}
const customTabAdminNode: z.ZodType<CustomTabAdminNode> = z
  .lazy(() =>
    z.object({
      id: z.number(),
      slug: z.string(),
      nameEn: z.string(),
      nameAr: z.string(),
      contentEn: z.string(),
      contentAr: z.string(),
      order: z.number(),
      active: z.boolean(),
      parentId: z.number().nullable(),
      subTabs: z.array(customTabAdminNode),
    }),
  )
  .meta({ id: 'CustomTabAdminNode' });
export const customTabsAdminResponse = z.object({ items: z.array(customTabAdminNode) });

/** The public address of a new tab: its English name in lowercase letters, digits and dashes ("tab" when none). */
export function tabSlug(nameEn: string): string {
  const slug = nameEn
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'tab';
}
