import { z } from 'zod';
import { MB } from '../files';
import { requiredLine } from './fields';

/**
 * The journal's news slider as its editor panel edits it (spec 03 "Slide", §4–§5; issue 22 §2): at most five
 * slides, each an image (up to 25 MB, of the spec's types, checked by content) with a caption in each language (up
 * to 100 characters), a caption colour, a place, and shown or hidden. The slider is on while any slide is shown.
 */

export const SLIDE_LIMITS = { max: 5, caption: 100 } as const;

export const SLIDE_IMAGE_RULE = {
  extensions: ['apng', 'bmp', 'gif', 'jpg', 'jpeg', 'png', 'webp'],
  mimeTypes: ['image/apng', 'image/bmp', 'image/gif', 'image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 25 * MB,
} as const;

/** The accent colours offered for a caption's band (its edge); none means the journal's own blue. */
export const SLIDE_COLORS = ['#4dabf7', '#ffd43b', '#69db7c', '#ff8787', '#da77f2'] as const;

/** The `data` part of a slide's save; the image is the request's file `image` (required for a new slide). */
export const slideRequest = z.object({
  captionEn: requiredLine('validation.required', SLIDE_LIMITS.caption, 'slides.caption_max'),
  captionAr: requiredLine('validation.required', SLIDE_LIMITS.caption, 'slides.caption_max'),
  color: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, { error: 'slides.color_invalid' })
    .nullable()
    .default(null),
  enabled: z.boolean().default(true),
});
export type SlideRequest = z.input<typeof slideRequest>;

export const slideRow = z.object({
  id: z.number(),
  imageUrl: z.string(),
  captionEn: z.string(),
  captionAr: z.string(),
  color: z.string().nullable(),
  enabled: z.boolean(),
  order: z.number(),
});
export type SlideRow = z.infer<typeof slideRow>;
export const slidesResponse = z.object({ items: z.array(slideRow) });

export const slideOrderRequest = z.object({
  ids: z.array(z.number().int().positive(), { error: 'slides.order_ids' }).min(1).max(SLIDE_LIMITS.max),
});
/** The slider's switch: every slide shown, or every slide hidden. */
export const sliderStateRequest = z.object({ enabled: z.boolean({ error: 'validation.required' }) });
