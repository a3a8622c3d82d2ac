/**
 * What the editor's build and the api agree on: the editor is one page the api serves at EDITOR_PATH,
 * loading the files its build lists in the manifest (content-hashed names, served below
 * EDITOR_ASSETS_PATH).
 */
import { z } from './schemas/z';

export const EDITOR_PATH = '/editor';
/** Where the build's files are served from: `/editor/assets/main.1a2b3c4d5e.js`. */
export const EDITOR_ASSETS_PATH = `${EDITOR_PATH}/assets/`;
/** Written at the root of the editor's dist by its build. */
export const EDITOR_MANIFEST_FILE = 'editor-manifest.json';

/** The entry's files, relative to the dist (`assets/main.1a2b3c4d5e.js`), in load order. */
export const editorManifestSchema = z.object({ scripts: z.array(z.string()).min(1), styles: z.array(z.string()) });
export type EditorManifest = z.infer<typeof editorManifestSchema>;
