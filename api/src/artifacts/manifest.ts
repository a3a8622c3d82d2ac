/**
 * The parts of a Module Federation manifest (`mf-manifest.json`) a release looks at.
 * Unknown fields are kept out of the way: the plugin adds fields between versions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const assetsSchema = z.object({ sync: z.array(z.string()), async: z.array(z.string()) });
const filesSchema = z.object({ js: assetsSchema, css: assetsSchema });

export const sharedEntrySchema = z.object({
  name: z.string(),
  version: z.string().optional(),
  singleton: z.boolean().optional(),
  requiredVersion: z.union([z.string(), z.literal(false), z.null()]).optional(),
  assets: filesSchema.optional(),
});

export const federationManifestSchema = z.object({
  name: z.string(),
  metaData: z
    .object({
      remoteEntry: z.object({ name: z.string(), path: z.string() }),
      /** The package version the build was made from (the first part of a release version). */
      buildInfo: z.object({ buildVersion: z.string() }).optional(),
    })
    .optional(),
  shared: z.array(sharedEntrySchema),
  exposes: z.array(z.object({ name: z.string(), path: z.string(), assets: filesSchema })),
});

export type SharedEntry = z.infer<typeof sharedEntrySchema>;
export type FederationManifest = z.infer<typeof federationManifestSchema>;

export const MANIFEST_FILE = 'mf-manifest.json';

export type ManifestRead = { ok: true; manifest: FederationManifest } | { ok: false; problem: string };

/** Reads and validates `<dir>/mf-manifest.json`; says what is wrong instead of throwing. */
export function readManifest(dir: string): ManifestRead {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) return { ok: false, problem: `${file} does not exist` };
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return { ok: false, problem: `${file} is not valid JSON (${(error as Error).message})` };
  }
  const parsed = federationManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `${file} is not a federation manifest (${issue?.path.join('.') || 'root'}: ${issue?.message})` };
  }
  return { ok: true, manifest: parsed.data };
}
