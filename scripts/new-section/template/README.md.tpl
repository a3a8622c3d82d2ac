# {{packageDir}}

Remote that owns {{ownedPaths}}. Its row in the table of remotes (`contracts/src/remotes.ts`) gives its
federation name (`{{federationName}}`), dev port ({{devPort}}), CSS prefix (`{{cssPrefix}}:`) and paths.

| path | page | data |
|---|---|---|
| `{{pagePathText}}` | {{labelText}}: heading, description, Talk to Sales | `src/meta.ts` |
| anything else | the shell's `NotFoundPage` | — |

- `src/meta.ts` declares every page once (title, description, menu entry); pages apply the same objects with `usePageMeta`.
- Tailwind utilities carry the `{{cssPrefix}}:` prefix; components come from `@cardlift/shell/ui`.
- Releases: `npm run release -w {{packageDir}}` (see the root README); a running site accepts it with the token whose SHA-256 is in `{{tokenVariable}}`.

Tests: `npx jest --selectProjects {{packageDir}}`; dev server alone: `npm run dev -- {{packageDir}}`.
