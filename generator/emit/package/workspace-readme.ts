/**
 * README.md of the output folder, the npm workspace over the two packages: what is where, and how to go from a fresh
 * output to two tarballs and then to a registry, with nothing published or linked by hand before. Its first sh block
 * is run as written by the package tests.
 */
import { titleAndVersion } from '../../model/text.js';
import type { ServiceModel } from '../../model/types.js';
import { CLIENT_PACKAGE_DIR, MOCK_PACKAGE_DIR, mockPackageName } from './manifest.js';

/** The file `npm pack` writes for `name` at `version`: a scope's `@` dropped and its `/` made `-`. */
export function tarballName(name: string, version: string): string {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

export function workspaceReadme(model: ServiceModel): string {
  const { name, version } = model.package;
  const mockName = mockPackageName(model);
  const [clientTgz, mockTgz] = [tarballName(name, version), tarballName(mockName, version)];
  const scope = /^@([^/]+)\//.exec(name)?.[1];
  return [
    `# ${titleAndVersion(model)}: ${name} and ${mockName}`,
    '',
    `This folder is an npm workspace over the two packages generated from one spec; it is private and never published itself.`,
    '',
    `- \`${CLIENT_PACKAGE_DIR}/\`: \`${name}\`, the client and its runtime (its [README](${CLIENT_PACKAGE_DIR}/README.md) shows it in use).`,
    `- \`${MOCK_PACKAGE_DIR}/\`: \`${mockName}\`, the mock server, its command and MSW handlers, for tests and local runs ([README](${MOCK_PACKAGE_DIR}/README.md)).`,
    '- `docs/`: the reference docs of the service.',
    '',
    '## Build and publish',
    '',
    'Node.js 20.19 or newer, npm 7 or newer. In this folder:',
    '',
    '```sh',
    'npm install',
    'npm run build',
    'npm pack --workspaces',
    '```',
    '',
    `\`npm install\` installs what the two builds use (TypeScript, Node's types, msw) and links \`${name}\` from \`${CLIENT_PACKAGE_DIR}/\` into the workspace, where the mock finds it: nothing is fetched from a registry under either package's name, and nothing needs to be published first. ` +
      `\`npm run build\` compiles both into their \`dist/\` folders. \`npm pack --workspaces\` packs each into a tarball in this folder, \`${clientTgz}\` and \`${mockTgz}\` (packing builds again by itself).`,
    '',
    `Publish the client first, then the mock: the mock depends on \`${name}\` at the same version (${version}), so an install of the mock finds the client only once it is on the registry.`,
    '',
    '```sh',
    `npm publish ${clientTgz}`,
    `npm publish ${mockTgz}`,
    '```',
    '',
    scope !== undefined
      ? `The packages are scoped (\`@${scope}\`): only the owner of that scope can publish under it, so no one else's package can stand in for yours. A scoped package is published private to its scope unless \`--access public\` is added; point the scope at a private registry in \`.npmrc\` (\`@${scope}:registry=https://registry.example/\`) to publish there.`
      : `A scope is recommended (\`@your-org/${name}\`, with \`--package-name\` or \`package: { name }\` in svc-codegen.config.yaml): only the owner of a scope can publish under it. An unscoped name such as \`${name}\` may be, or later become, someone else's package on the public registry, and any install that misses your own registry (the mock installed before the client is published, a machine without your \`.npmrc\`) would then fetch their code instead: dependency confusion.`,
  ].join('\n');
}
