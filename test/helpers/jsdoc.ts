/** Where the JSDoc comments of a TypeScript file are, and which declaration each documents. */
import ts from 'typescript';

export interface JsDocBlock {
  /** The documented declaration, qualified by its containers: `BalanceResult.AccountInfos`, `PayerClient.getBalances`. */
  readonly owner: string;
  /** 1-based, inclusive. */
  readonly startLine: number;
  readonly endLine: number;
}

export function jsDocBlocks(fileName: string, text: string): JsDocBlock[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const blocks: JsDocBlock[] = [];
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node): void => {
    for (const doc of ts.getJSDocCommentsAndTags(node)) {
      if (ts.isJSDoc(doc) && doc.parent === node) {
        blocks.push({ owner: qualifiedName(node), startLine: line(doc.getStart(source)), endLine: line(doc.getEnd()) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return blocks;
}

function qualifiedName(node: ts.Node): string {
  const names: string[] = [];
  for (let n: ts.Node | undefined = node; n && !ts.isSourceFile(n); n = n.parent) {
    const name = nameOf(n);
    if (name !== undefined) names.unshift(name);
  }
  return names.join('.');
}

function nameOf(node: ts.Node): string | undefined {
  if (ts.isVariableStatement(node)) {
    const first = node.declarationList.declarations[0];
    return first && ts.isIdentifier(first.name) ? first.name.text : undefined;
  }
  if (ts.isVariableDeclarationList(node) || ts.isVariableDeclaration(node)) return undefined;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const name = (node as { name?: ts.Node }).name;
  if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name))) return name.text;
  return undefined;
}
