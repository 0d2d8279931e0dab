// Types of scripts/lib-layers.mjs (plain JavaScript, so eslint.config.mjs can load it without a compiler).
export type Layer = { name: string; folders: string[]; imports: string[]; sameLayer: boolean; why: string };
export declare const LAYERS: Layer[];
export declare const LAYERED_FOLDERS: string[];
export declare const APART: { folder: string; forbids: string[]; why: string }[];
export declare const apartFor: (folder: string | undefined) => string[];
export declare const forbiddenFor: (layer: Layer, folder?: string) => string[];
