{
  "name": "@cardlift/{{packageDir}}",
  "version": "1.0.0",
  "private": true,
  "exports": {
    "./meta": "./src/meta.ts",
    "./package.json": "./package.json"
  },
  "scripts": {
    "build": "rspack build -c rspack.config.ts",
    "release": "tsx ../api/src/release-cli/cli.ts release {{packageDir}}",
    "promote": "tsx ../api/src/release-cli/cli.ts promote {{packageDir}}",
    "rollback": "tsx ../api/src/release-cli/cli.ts rollback {{packageDir}}",
    "releases": "tsx ../api/src/release-cli/cli.ts releases {{packageDir}}",
    "dev": "rspack serve -c rspack.config.ts"
  },
  "dependencies": {{dependencies}},
  "devDependencies": {{devDependencies}}
}
