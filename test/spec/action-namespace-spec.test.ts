/**
 * Issue 25: the spec rules for WSDLs from outside ASP.NET. An empty soapAction and an empty service namespace are
 * accepted; operations may share a SOAPAction, and two bare ones sharing it are refused only when their Bodies also
 * start with the same element (or are both empty), since nothing would tell them apart; a service in no namespace has
 * no default action, so each SOAP operation gives its own.
 */
import { describe, expect, it } from 'vitest';
import { SpecError } from '../../generator/load/errors.js';
import { parseSpec } from '../../generator/load/load.js';

const spec = (namespace: string, operations: string, bindings = '[soap11, soap12]') => `specVersion: 1
service: { name: S, title: S, version: '1', path: /S.asmx, namespace: { uri: '${namespace}' }, client: SClient, bindings: ${bindings} }
operations:
${operations}`;

function issues(namespace: string, operations: string, bindings?: string): string[] {
  try {
    parseSpec(spec(namespace, operations, bindings), 's.yaml');
  } catch (error) {
    if (error instanceof SpecError) return error.issues.map((i) => i.message);
    throw error;
  }
  return [];
}

const NS = 'http://s.example/';

describe('issue 25: accepted', () => {
  it.each([
    [
      'an empty soapAction on wrapped and bare operations',
      NS,
      `  - { name: A, params: [{ name: id, type: int }], result: int, soapAction: '' }
  - { name: B, params: [{ name: id2, type: int }], result: int, soapAction: '', parameterStyle: bare }
  - { name: C, params: [{ name: id3, type: int }], result: int, soapAction: '', parameterStyle: bare }`,
    ],
    [
      'two bare operations of one action whose Bodies start apart',
      NS,
      `  - { name: GetEvents, params: [{ name: GetEvents, type: int }], result: int, parameterStyle: bare, soapAction: 'urn:e' }
  - { name: GetStreamingEvents, params: [{ name: GetStreamingEvents, type: int }], result: int, parameterStyle: bare, soapAction: 'urn:e' }`,
    ],
    [
      'a bare operation without parameters and one with, of one action',
      NS,
      `  - { name: A, result: int, parameterStyle: bare, soapAction: '' }
  - { name: B, params: [{ name: id, type: int }], result: int, parameterStyle: bare, soapAction: '' }`,
    ],
    [
      'a bare and a wrapped operation of one action',
      NS,
      `  - { name: A, params: [{ name: id, type: int }], result: int, parameterStyle: bare, soapAction: 'urn:x' }
  - { name: B, params: [{ name: id, type: int }], result: int, soapAction: 'urn:x' }`,
    ],
    [
      'a service in no namespace whose operations give their actions',
      '',
      `  - { name: A, params: [{ name: id, type: int }], result: int, soapAction: 'urn:S/A' }
  - { name: B, result: int, soapAction: '' }`,
    ],
  ])('%s', (_, namespace, operations) => {
    expect(issues(namespace, operations)).toEqual([]);
  });

  it('keeps an empty soapAction in the model, apart from none', () => {
    const model = parseSpec(
      spec(
        NS,
        `  - { name: A, result: int, soapAction: '' }
  - { name: B, result: int }`,
      ),
      's.yaml',
    );
    expect(model.operations.map((o) => o.soapAction)).toEqual(['', undefined]);
  });
});

describe('issue 25: refused', () => {
  it.each([
    [
      'two bare operations of one action whose Bodies start with one element',
      NS,
      `  - { name: A, params: [{ name: id, type: int }], result: int, parameterStyle: bare, soapAction: '' }
  - { name: B, params: [{ name: id, type: int }, { name: x, type: int }], result: int, parameterStyle: bare, soapAction: '' }`,
      [
        `a bare operation is known by its SOAPAction, else by its Body's first element, but "" is also the SOAPAction of B and both Bodies start with <id>: nothing tells them apart`,
        `a bare operation is known by its SOAPAction, else by its Body's first element, but "" is also the SOAPAction of A and both Bodies start with <id>: nothing tells them apart`,
      ],
    ],
    [
      'two bare operations of one action, both without parameters',
      NS,
      `  - { name: A, result: int, parameterStyle: bare, soapAction: 'urn:x' }
  - { name: B, result: int, parameterStyle: bare, soapAction: 'urn:x' }`,
      [
        `a bare operation is known by its SOAPAction, else by its Body's first element, but "urn:x" is also the SOAPAction of B and both Bodies are empty: nothing tells them apart`,
        `a bare operation is known by its SOAPAction, else by its Body's first element, but "urn:x" is also the SOAPAction of A and both Bodies are empty: nothing tells them apart`,
      ],
    ],
    [
      'a SOAP operation of a service in no namespace without soapAction',
      '',
      `  - { name: A, result: int, soapAction: 'urn:S/A' }
  - { name: B, result: int }`,
      [
        `the service is in no namespace (service.namespace.uri: ''), so B has no default SOAPAction (namespace + name): give its soapAction ('' for an empty one)`,
      ],
    ],
  ])('%s', (_, namespace, operations, expected) => {
    expect(issues(namespace, operations)).toEqual(expected);
  });

  it('a service in no namespace without a SOAP binding needs no soapAction', () => {
    expect(issues('', '  - { name: A, result: int }', '[httpPost]')).toEqual([]);
  });
});
