/** The pages of the docs besides the index, operations and types: decisions.md, errors.md, getting-started.md. */
import { titleAndVersion } from '../../../model/text.js';
import { stylesSentence } from '../../features.js';
import { runtimeErrorClasses, type ErrorClass } from '../../runtime-errors.js';
import type { Decision, OperationModel, ServiceModel } from '../../../model/types.js';
import { PAGES, codeFence, inlineCode, paragraph } from '../markdown.js';
import { exampleValue } from '../../examples.js';
import { mockPackageName } from '../../package/manifest.js';
import { checkedOperations } from '../../client/client-class.js';
import type { OperationExample } from '../wire.js';
import { DECISIONS_TITLE, Links } from './common.js';
import type { DecisionUse } from './usage.js';

export function decisionsView(
  model: ServiceModel,
  uses: ReadonlyMap<Decision, readonly DecisionUse[]>,
  anchors: ReadonlyMap<Decision, string>,
) {
  const links = new Links(PAGES.decisions, anchors);
  return {
    title: DECISIONS_TITLE,
    index: links.to(PAGES.index),
    decisions: model.decisions.map((d) => ({
      title: paragraph(d.title),
      id: inlineCode(d.id),
      note: paragraph(d.note),
      uses: (uses.get(d) ?? []).map(
        (u) => `${u.what}: ${u.pages.map((p) => `[${p.text}](${links.to(p.page)})`).join(', ')}`,
      ),
    })),
  };
}

/**
 * The runtime's error classes, read from templates/runtime/errors.ts where they are defined and documented: those
 * that extend Error or one of them, in source order, with the JSDoc of each and of its public properties.
 */
export function errorClasses(): ErrorClass[] {
  return runtimeErrorClasses();
}

export function errorsView(model: ServiceModel, anchors: ReadonlyMap<Decision, string>) {
  const links = new Links(PAGES.errors, anchors);
  const coded = model.results.filter((r) => r.status !== undefined);
  // SvcServiceError comes only from an error code: a service whose results carry none never throws it.
  const classes = errorClasses().filter((c) => c.name !== 'SvcServiceError' || coded.length > 0);
  return {
    title: 'Errors',
    index: links.to(PAGES.index),
    clientName: inlineCode(model.clientName),
    root: inlineCode(classes.find((c) => c.base === 'Error')?.name ?? 'Error'),
    classes: classes.map((c) => ({
      name: c.name,
      base: inlineCode(c.base),
      doc: c.doc,
      properties: c.properties.map((p) => ({
        name: inlineCode(p.name),
        doc: p.doc + exampleOf(model, c.name, p.name),
      })),
    })),
    secrets: secretsSentence(model),
    coded: coded.map((r) => links.type(r.name)).join(', '),
    codeField: inlineCode(model.serviceErrors?.codeField ?? ''),
    guard: `${model.clientName}.isServiceError(error, '${checkedOperations(model)[0]?.op.name ?? ''}')`,
    successDecision: links.decision(model.serviceErrors?.decision),
  };
}

/**
 * An example of an error property's value from this service's own spec (the runtime's JSDoc, shared by every
 * service, gives none): an operation that checks an error code, a named integer code, a path a decoder reports.
 */
function exampleOf(model: ServiceModel, cls: string, property: string): string {
  const checked = checkedOperations(model)[0]?.op;
  if (cls === 'SvcServiceError' && property === 'operation' && checked)
    return ` For example ${inlineCode(checked.name)}.`;
  const code = model.serviceErrors?.enum.numeric?.codes.find(([n]) => n !== model.serviceErrors?.success.I);
  if (cls === 'SvcServiceError' && property === 'codeName' && code)
    return ` For example ${inlineCode(code[1])} for ${code[0]}.`;
  if (cls !== 'SvcDecodeError' || property !== 'path') return '';
  for (const op of model.operations) {
    const r = op.result.kind === 'outputs' ? op.result.returned : op.result;
    const field = r.kind === 'value' ? r.struct?.fields[0] : undefined;
    if (r.kind === 'value' && field) return ` For example ${inlineCode(`${r.element}/${field.xmlName}`)}.`;
  }
  return '';
}

/** Which secrets no error message holds, as the spec has them: the signing key, computed keys, secret fields. */
function secretsSentence(model: ServiceModel): string {
  const fields = [...model.records, ...model.results].flatMap((s) =>
    s.fields.filter((f) => f.secret).map((f) => inlineCode(`${s.name}.${f.name}`)),
  );
  const returned = fields.length > 0 ? [`a secret the service returns (${fields.join(', ')})`] : [];
  const secrets = [...(model.auth !== undefined ? ['the API key', 'a computed key'] : []), ...returned];
  if (secrets.length === 0) return '';
  const last = secrets.pop()!;
  return `No message contains ${secrets.length > 0 ? `${secrets.join(', ')} or ${last}` : last}.`;
}

export function gettingStartedView(model: ServiceModel, examples: ReadonlyMap<OperationModel, OperationExample>) {
  const principal = model.parameters.find((p) => p.role === 'principal');
  const credentials = model.auth?.example;
  const op = model.operations.find((o) => o.inputParams.every((p) => p.optional)) ?? model.operations[0]!;
  const call = `await client.${op.methodName}(${examples.get(op)?.args ?? ''});`;
  const options = [
    "baseUrl: 'https://service.example',",
    ...(principal ? [`${principal.name}: '${credentials?.principal}',`] : []),
    ...(model.auth
      ? [`apiKey: process.env['API_KEY'] ?? '', // the secret that signs each request; never sent, never logged`]
      : []),
    ...model.soapHeaders
      .filter((h) => h.required)
      .map((h) => `${h.option}: ${exampleValue({ kind: 'record', record: h.record })},`),
  ];
  const client = [
    `import { ${model.clientName}, SvcError } from '${model.package.name}';`,
    '',
    `const client = new ${model.clientName}({`,
    ...options.map((o) => `  ${o}`),
    '});',
    '',
    'try {',
    `  const result = ${call}`,
    '  console.log(result);',
    '} catch (error) {',
    '  if (error instanceof SvcError) console.error(error.name, error.message);',
    '  throw error;',
    '}',
  ].join('\n');
  const mockOptions =
    model.auth && principal
      ? `{ port: 0, credentials: { ${credentials?.principal}: '${credentials?.apiKey}' } }`
      : '{ port: 0 }';
  const mockClientOptions = [
    'baseUrl: mock.url',
    ...(principal ? [`${principal.name}: '${credentials?.principal}'`] : []),
    ...(model.auth ? [`apiKey: '${credentials?.apiKey}'`] : []),
    ...model.soapHeaders
      .filter((h) => h.required)
      .map((h) => `${h.option}: ${exampleValue({ kind: 'record', record: h.record })}`),
  ].join(', ');
  const mock = [
    `import { ${model.clientName} } from '${model.package.name}';`,
    `import { startMockServer } from '${mockPackageName(model)}';`,
    '',
    `const mock = await startMockServer(${mockOptions});`,
    `const client = new ${model.clientName}({ ${mockClientOptions} });`,
    `console.log(${call.replace(/;$/, '')});`,
    'await mock.close();',
  ].join('\n');
  return {
    title: 'Getting started',
    index: PAGES.index,
    serviceTitle: titleAndVersion(model),
    packageName: inlineCode(model.package.name),
    install: block('sh', `npm install ${model.package.name}`),
    clientName: inlineCode(model.clientName),
    path: inlineCode(model.path),
    styles: stylesSentence(model),
    operation: `[${op.name}](operations/${op.name}.md)`,
    client: block('ts', client),
    signed: model.auth !== undefined,
    simulator: model.simulator !== undefined,
    mock: block('ts', mock),
    mockPackage: inlineCode(mockPackageName(model)),
    mockInstall: inlineCode(`npm install --save-dev ${mockPackageName(model)}`),
    mockCommand: block('sh', `npx ${mockPackageName(model)} --port 8080`),
    mockCli: '../mock/cli.ts',
  };
}

function block(language: string, text: string): string {
  const fence = codeFence(text);
  return `${fence}${language}\n${text}\n${fence}`;
}
