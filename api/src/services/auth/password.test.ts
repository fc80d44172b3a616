import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  test('stores scrypt parameters, a 16-byte salt and the hash, and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    assert.deepEqual([scheme, n, r, p], ['scrypt', String(2 ** 15), '8', '1']);
    assert.equal(Buffer.from(salt, 'base64').length, 16);
    assert.equal(Buffer.from(hash, 'base64').length, 32);
    assert.equal(await verifyPassword('correct horse battery staple', stored), true);
    assert.equal(await verifyPassword('correct horse battery stapler', stored), false);
    assert.equal(await verifyPassword('', stored), false);
  });

  test('salts every hash', async () => {
    assert.notEqual(await hashPassword('same'), await hashPassword('same'));
  });

  test('rejects malformed or absurd stored values instead of throwing', async () => {
    for (const stored of ['', 'plain', 'bcrypt$1$2$3$a$b', 'scrypt$32768$8$1$$', `scrypt$${2 ** 30}$8$1$c2FsdA==$aGFzaA==`]) {
      assert.equal(await verifyPassword('x', stored), false, stored);
    }
  });

  test('generates 20-character passwords from an unambiguous alphabet', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    assert.equal(passwords.size, 50);
    for (const password of passwords) assert.match(password, /^[A-HJ-NP-Za-km-z2-9]{20}$/);
  });
});
