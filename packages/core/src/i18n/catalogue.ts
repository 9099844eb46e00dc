import type { en } from './en/index';

/**
 * The shape of a catalogue: English is the reference, and every Arabic area is typed against it, so a key missing in
 * Arabic fails the type check (the excalidraw way). Its own module so that the Arabic areas need not import the
 * index that imports them.
 */
export type Catalogue = { [Area in keyof typeof en]: Record<keyof (typeof en)[Area], string> };
