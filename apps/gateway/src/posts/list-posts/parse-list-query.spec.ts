import { parseListQuery } from './parse-list-query';

describe('parseListQuery', () => {
  it('defaults: every status, page 1, 20 per page', () => {
    expect(parseListQuery({})).toEqual({ ok: true, query: { status: null, page: 1, limit: 20 } });
    expect(parseListQuery({ status: '', page: '', limit: '' })).toEqual({ ok: true, query: { status: null, page: 1, limit: 20 } });
  });

  it('reads a status, a page and a limit up to 100', () => {
    expect(parseListQuery({ status: 'needs_approval', page: '3', limit: '100' })).toEqual({
      ok: true,
      query: { status: 'needs_approval', page: 3, limit: 100 },
    });
  });

  it.each([
    [{ status: 'gone' }, { status: ['The selected status is invalid.'] }],
    [{ page: '0' }, { page: ['The page field must be at least 1.'] }],
    [{ page: '-1' }, { page: ['The page field must be an integer.'] }],
    [{ page: 'two' }, { page: ['The page field must be an integer.'] }],
    [{ page: '1.5' }, { page: ['The page field must be an integer.'] }],
    [{ limit: '101' }, { limit: ['The limit field must not be greater than 100.'] }],
    [{ limit: '0' }, { limit: ['The limit field must be at least 1.'] }],
    [{ limit: ['10', '20'] }, { limit: ['The limit field must be an integer.'] }],
    [{ status: 'x', page: 'y', limit: 'z' }, {
      status: ['The selected status is invalid.'],
      page: ['The page field must be an integer.'],
      limit: ['The limit field must be an integer.'],
    }],
  ])('%p is refused with %p', (query, errors) => {
    expect(parseListQuery(query)).toEqual({ ok: false, errors });
  });
});
