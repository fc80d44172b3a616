import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, describe, test } from 'vitest';
import { ContactResponse, ErrorBody } from '../../../../common/api/public.ts';
import { startTestApi } from '../../test/api-harness.ts';
import { CONTACT_RATE_LIMIT } from './contact.router.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Listing update',
  message: 'Please update our opening hours.',
  company: '',
  phone: '',
};

describe('POST /api/contact', () => {
  let api: Api;
  let ip = 0;
  // Each test speaks from its own address so the rate limit of one does not leak into the next.
  const post = (body: unknown, address = `10.0.0.${ip}`) => api.postJson('/api/contact', body, { 'x-forwarded-for': address });

  beforeAll(async () => {
    api = await startTestApi({ withAdmin: false, env: { TRUST_PROXY: 'true' } });
  });
  beforeEach(() => {
    ip += 1;
  });
  afterAll(async () => api?.close());

  test('a valid message is stored, then answered with success', async () => {
    const response = await post({ ...valid, company: 'Analytical Engines Ltd', phone: '+44 20 1234' });
    assert.equal(response.status, 201);
    const body = ContactResponse.parse(await response.json());
    assert.equal(body.success, true);
    const rows = await api.prisma.contactMessage.findMany({ where: { email: 'ada@example.com' } });
    assert.equal(rows.length, 1);
    assert.equal(rows[0].subject, 'Listing update');
    assert.equal(rows[0].company, 'Analytical Engines Ltd');
    assert.equal(rows[0].phone, '+44 20 1234');
  });

  test('each rule answers 400 with the spec message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, name: 'A' }, 'Name must be at least 2 characters'],
      [{ ...valid, email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ ...valid, subject: 'Hey' }, 'Subject must be at least 5 characters'],
      [{ ...valid, message: 'Too short' }, 'Message must be at least 10 characters'],
      [{ ...valid, name: '   ' }, 'Name must be at least 2 characters'],
      [{ email: valid.email, subject: valid.subject, message: valid.message }, 'Name must be at least 2 characters'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
      // The optional fields and wrong types name their field too.
      [{ ...valid, phone: '1'.repeat(51) }, 'Phone must be at most 50 characters'],
      [{ ...valid, company: 5 }, 'Company must be text'],
    ];
    for (const [index, [body, message]] of cases.entries()) {
      const response = await post(body, `10.1.0.${index + 1}`);
      assert.equal(response.status, 400, message);
      const error = ErrorBody.parse(await response.json());
      assert.deepEqual([error.error, error.message], ['bad_request', message]);
    }
    assert.equal(await api.prisma.contactMessage.count({ where: { name: 'A' } }), 0);
    const list = await api.request('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.0.99' }, body: '[1, 2]' });
    assert.equal(list.status, 400);
    assert.equal(ErrorBody.parse(await list.json()).message, 'The body must be a JSON object, not a list.');
  });

  test('email addresses: an internationalised domain is accepted; malformed ones are refused', async () => {
    for (const [index, email] of ['jose@bücher.de', 'info@例え.jp', 'a.b+c@sub.example.co.uk'].entries()) {
      const response = await post({ ...valid, email }, `10.2.0.${index + 1}`);
      assert.equal(response.status, 201, email);
    }
    assert.equal(await api.prisma.contactMessage.count({ where: { email: 'jose@bücher.de' } }), 1, 'stored as written');
    for (const [index, email] of ['a@b', 'a@@b.com', 'a b@c.com', '@example.com', 'a@exa mple.com', 'a@example.com/x', 'a@example.com:25', 'a@.com', 'plain'].entries()) {
      const response = await post({ ...valid, email }, `10.3.0.${index + 1}`);
      assert.equal(response.status, 400, email);
      assert.equal(ErrorBody.parse(await response.json()).message, 'Please enter a valid email address', email);
    }
  });

  test('a body that is not JSON (nor a posted form) answers 415 with what to send', async () => {
    for (const [index, type] of ['text/plain', 'application/xml', ''].entries()) {
      const response = await api.request('/api/contact', {
        method: 'POST',
        headers: { origin: api.origin, 'x-forwarded-for': `10.4.0.${index + 1}`, ...(type ? { 'content-type': type } : {}) },
        body: type ? JSON.stringify(valid) : undefined,
      });
      assert.equal(response.status, 415, type || 'no body');
      assert.equal(ErrorBody.parse(await response.json()).message, 'Send the message as JSON (Content-Type: application/json).');
    }
  });

  test('a form posted without scripts is stored and answered with a redirect back to the page, with the outcome', async () => {
    const form = (fields: Record<string, string>, address: string) =>
      api.request('/api/contact', {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: api.origin, 'x-forwarded-for': address, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const sent = await form({ ...valid, name: 'Form Poster', email: 'form@example.com', company: '', phone: '', website: '' }, '10.5.0.1');
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.get('location'), '/contact?sent=1#notifications');
    assert.equal(await api.prisma.contactMessage.count({ where: { email: 'form@example.com' } }), 1);
    const invalid = await form({ ...valid, name: 'F', email: 'form2@example.com', subject: 'Hi' }, '10.5.0.2');
    assert.equal(invalid.status, 303);
    // Every thing wrong, not only the first.
    assert.equal(invalid.headers.get('location'), `/contact?${new URLSearchParams([['error', 'Name must be at least 2 characters'], ['error', 'Subject must be at least 5 characters']])}#notifications`);
    assert.equal(await api.prisma.contactMessage.count({ where: { email: 'form2@example.com' } }), 0);
    const bot = await form({ ...valid, email: 'bot@example.com', website: 'http://spam.example' }, '10.5.0.3');
    assert.equal(bot.headers.get('location'), '/contact?sent=1#notifications', 'a bot is told "sent"');
    assert.equal(await api.prisma.contactMessage.count({ where: { email: 'bot@example.com' } }), 0);
    const huge = await form({ ...valid, email: 'huge@example.com', message: 'x'.repeat(40_000) }, '10.5.0.5');
    assert.equal(huge.headers.get('location'), `/contact?${new URLSearchParams({ error: 'The message is too large.' })}#notifications`);
    // Refused forms do not use up the address's allowance.
    for (let n = 0; n < CONTACT_RATE_LIMIT.limit + 2; n++) await form({ ...valid, name: 'F' }, '10.5.0.4');
    assert.equal((await form({ ...valid, email: 'after@example.com' }, '10.5.0.4')).headers.get('location'), '/contact?sent=1#notifications');
  });

  test('a NUL character in the body is dropped, not a failed write', async () => {
    const response = await post({ ...valid, name: 'Nul\u0000 Person', email: 'nul@example.com' });
    assert.equal(response.status, 201);
    const rows = await api.prisma.contactMessage.findMany({ where: { email: 'nul@example.com' } });
    assert.deepEqual(rows.map((row) => row.name), ['Nul Person']);
  });

  test('a filled honeypot is told "sent" but nothing is stored', async () => {
    const response = await post({ ...valid, email: 'bot@example.com', website: 'http://spam.example' });
    assert.equal(response.status, 201);
    assert.equal(await api.prisma.contactMessage.count({ where: { email: 'bot@example.com' } }), 0);
  });

  test('more than the limit per address answers 429 JSON; refused (invalid) submissions do not count', async () => {
    for (let n = 0; n < CONTACT_RATE_LIMIT.limit + 2; n++) assert.equal((await post({ ...valid, email: 'not an email' }, '10.9.9.9')).status, 400);
    for (let n = 0; n < CONTACT_RATE_LIMIT.limit; n++) assert.equal((await post({ ...valid, email: `r${n}@example.com` }, '10.9.9.9')).status, 201);
    const blocked = await post({ ...valid, email: 'blocked@example.com' }, '10.9.9.9');
    assert.equal(blocked.status, 429);
    assert.equal(ErrorBody.parse(await blocked.json()).error, 'too_many_requests');
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);
    assert.equal((await post({ ...valid, email: 'other@example.com' }, '10.9.9.10')).status, 201, 'other addresses are not affected');
  });

  test('an oversized body is refused with 413 JSON', async () => {
    const response = await post({ ...valid, message: 'x'.repeat(40_000) });
    assert.equal(response.status, 413);
    assert.equal(ErrorBody.parse(await response.json()).error, 'payload_too_large');
    // Sent chunked, with no Content-Length to refuse it by: the reading stops at the limit all the same.
    const body = JSON.stringify({ ...valid, message: 'x'.repeat(40_000) });
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    });
    const streamed = await api.request('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.8.0.1' }, body: chunked, duplex: 'half' } as RequestInit);
    assert.equal(streamed.status, 413);
    assert.equal(ErrorBody.parse(await streamed.json()).error, 'payload_too_large');
  });
});
