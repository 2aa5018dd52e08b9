/**
 * Edits of the payer WSDL (generated/wsdl/PayerFunctions.wsdl) as the service's owners might make them, for the
 * update tests: each edit changes the WSDL's text where the generator wrote it, and fails when that text is gone.
 */

/** A line of the WSDL replaced; it must be there exactly once. */
export function replaceLine(wsdl: string, from: string, to: string): string {
  const parts = wsdl.split(from);
  if (parts.length !== 2) throw new Error(`the WSDL holds ${JSON.stringify(from)} ${parts.length - 1} times, not once`);
  return parts.join(to);
}

/**
 * A copy of the operation `name` under the name `copy`: its request and response elements, messages, port type
 * operations and binding operations, each copied right after the original (so the copy follows it everywhere).
 */
export function copyOperation(wsdl: string, name: string, copy: string): string {
  const lines = wsdl.split('\n');
  const out: string[] = [];
  const opens = [
    `<s:element name="${name}"`,
    `<s:element name="${name}Response"`,
    `<wsdl:message name="${name}`,
    `<wsdl:operation name="${name}"`,
  ];
  let copies = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    out.push(line);
    if (!opens.some((o) => line.trimStart().startsWith(o))) continue;
    const indent = line.length - line.trimStart().length;
    let end = i;
    if (!line.trimEnd().endsWith('/>')) {
      while (!(lines[end]!.startsWith(`${' '.repeat(indent)}</`) && end > i)) end++;
    }
    out.push(...lines.slice(i + 1, end + 1));
    out.push(...lines.slice(i, end + 1).map((l) => l.split(name).join(copy)));
    copies++;
    i = end;
  }
  if (copies === 0) throw new Error(`no operation ${name} in the WSDL`);
  return out.join('\n');
}

/** The WSDL without the operation `name`: its elements, messages, port type and binding operations. */
export function dropOperation(wsdl: string, name: string): string {
  const lines = wsdl.split('\n');
  const out: string[] = [];
  const opens = [
    `<s:element name="${name}"`,
    `<s:element name="${name}Response"`,
    `<wsdl:message name="${name}`,
    `<wsdl:operation name="${name}"`,
  ];
  let drops = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!opens.some((o) => line.trimStart().startsWith(o))) {
      out.push(line);
      continue;
    }
    const indent = line.length - line.trimStart().length;
    let end = i;
    if (!line.trimEnd().endsWith('/>')) {
      while (!(lines[end]!.startsWith(`${' '.repeat(indent)}</`) && end > i)) end++;
    }
    drops++;
    i = end;
  }
  if (drops === 0) throw new Error(`no operation ${name} in the WSDL`);
  return out.join('\n');
}

/** The WSDL with the parameter `param` of the operation `op` given the XML Schema type `type` (e.g. `s:int`). */
export function retypeParameter(wsdl: string, op: string, param: string, type: string): string {
  const start = wsdl.indexOf(`<s:element name="${op}">`);
  const end = wsdl.indexOf('</s:element>', start);
  const at = wsdl.slice(start, end).search(new RegExp(`name="${param}" type="[^"]+"`));
  if (start < 0 || at < 0) throw new Error(`no parameter ${param} of ${op} in the WSDL`);
  const from = start + at;
  const old = /name="[^"]+" type="[^"]+"/.exec(wsdl.slice(from))![0];
  return wsdl.slice(0, from) + `name="${param}" type="${type}"` + wsdl.slice(from + old.length);
}
