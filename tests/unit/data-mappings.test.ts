/** The data mapping rule (engine/core/data-mappings.ts): problems with their codes, cell transforms, and a row read through a mapping. */
import { describe, expect, it } from 'vitest';
import { dataMappingProblems, mappingColumns, mapRow, transformCell } from '../../engine/core/data-mappings';
import type { DataMappingData } from '../../schemas/model/api/mappings';

const DATA: DataMappingData = {
  source: 'csv',
  match: { column: 'Email', profileField: 'email' },
  fields: [
    { column: 'Email', profileField: 'email' },
    { column: 'Born', profileField: 'birthday', transform: 'date' },
    { column: 'Tags', profileField: 'tags', transform: 'split;' },
    { column: 'Age', profileField: 'age', transform: 'number', required: true },
  ],
};

describe('data mappings', () => {
  it('names each problem with a code, its parameters and a sentence', () => {
    expect(dataMappingProblems(DATA, ['birthday', 'tags', 'age'])).toEqual([]);
    const problems = dataMappingProblems(
      { ...DATA, match: { column: 'Nope', profileField: 'email' }, fields: [...DATA.fields, { column: ' email ', profileField: 'shoe' }], lists: ['a', 'a'] },
      ['birthday', 'tags', 'age'],
    );
    expect(problems.map((p) => [p.path, p.code, p.params])).toEqual([
      ['fields.4.column', 'columnTwice', { column: ' email ', first: 1, n: 5 }],
      ['fields.4.profileField', 'unknownField', { field: 'shoe' }],
      ['match.column', 'matchNotMapped', { column: 'Nope' }],
      ['lists', 'listTwice', {}],
    ]);
    expect(problems[1].message).toBe('"shoe" is no profile field');
    expect(
      dataMappingProblems({ ...DATA, fields: DATA.fields.slice(1), match: { column: 'Age', profileField: 'age' } }, ['birthday', 'tags', 'age']).map(
        (p) => p.code,
      ),
    ).toEqual(['noEmail']);
  });

  it('transforms cells, and says why one cannot be read', () => {
    expect(transformCell('  ', 'number')).toEqual({ value: null });
    expect(transformCell(' Leeds ', 'trim')).toEqual({ value: 'Leeds' });
    expect(transformCell(' MiXed ', 'lowercase')).toEqual({ value: 'mixed' });
    expect(transformCell('1 200.5', 'number')).toEqual({ value: 1200.5 });
    expect(transformCell('12abc', 'number')).toEqual({ error: '"12abc" is no number' });
    expect(transformCell('Oui', 'boolean')).toEqual({ value: true });
    expect(transformCell('0', 'boolean')).toEqual({ value: false });
    expect(transformCell('31/12/1990', 'date')).toEqual({ value: '1990-12-31' });
    expect(transformCell('1990-02-30', 'date')).toEqual({ error: '"1990-02-30" is no date (yyyy-MM-dd or dd/MM/yyyy)' });
    expect(transformCell('a; b;;c ', 'split;')).toEqual({ value: ['a', 'b', 'c'] });
    // No transform: the text as given, a formula included (it is never evaluated).
    expect(transformCell('=1+2', undefined)).toEqual({ value: '=1+2' });
  });

  it('reads a row through the mapping by header name, whatever the column order', () => {
    const header = ['age', 'EMAIL', 'Tags', 'Born', 'Extra'];
    const { indexes, missing } = mappingColumns(DATA, header);
    expect(missing).toEqual([]);
    expect(mapRow(DATA, indexes, ['41', ' Ann@Example.org ', 'x;y', '1984-05-06', 'ignored'])).toEqual({
      values: { email: 'ann@example.org', birthday: '1984-05-06', tags: ['x', 'y'], age: 41 },
      matchValue: 'ann@example.org',
      errors: [],
    });
    expect(mapRow(DATA, indexes, ['', 'not mail', '', 'soon']).errors).toEqual([
      { field: 'Email', message: '"not mail" is no email address' },
      { field: 'Born', message: '"soon" is no date (yyyy-MM-dd or dd/MM/yyyy)' },
      { field: 'Age', message: '"Age" is required' },
    ]);
    expect(mappingColumns(DATA, ['Email']).missing).toEqual(['Born', 'Tags', 'Age']);
  });
});
