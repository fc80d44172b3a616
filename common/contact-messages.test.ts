import assert from 'node:assert/strict';
import { test } from 'vitest';
import { ContactInput } from './api/public.ts';
import { contactMessageField } from './contact-messages.ts';

test('every message the contact validation gives is one the contact page shows (the page shows no other text)', () => {
  const bad = [
    {},
    { name: 'x', email: 'nope', subject: 'hi', message: 'short' },
    { name: 'x'.repeat(101), email: `${'a'.repeat(250)}@example.com`, subject: 's'.repeat(201), message: 'm'.repeat(5001), company: 'c'.repeat(201), phone: 'p'.repeat(51) },
    { name: 'Valid Name', email: 'a@example.com', subject: 'A subject', message: 'A long enough message', company: 5, phone: [] },
  ];
  let seen = 0;
  for (const input of bad) {
    const result = ContactInput.safeParse(input);
    assert.equal(result.success, false);
    for (const issue of result.error!.issues) {
      seen++;
      assert.notEqual(contactMessageField(issue.message), undefined, `"${issue.message}" is not a known contact message`);
    }
  }
  assert.ok(seen >= 14, `${seen} messages checked`);
  assert.equal(contactMessageField('Your listing was suspended'), undefined);
});
