import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'vitest';
import { removeAbandonedUploads } from './receive-upload.ts';

test('upload files left by a process that died are removed once old; a recent upload and other files stay', async () => {
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'abandoned-uploads-'));
  try {
    const make = async (name: string, ageHours: number) => {
      const dir = path.join(tmpDir, name);
      await mkdir(dir);
      await writeFile(path.join(dir, 'upload.bin'), 'name\nx\n');
      const when = new Date(Date.now() - ageHours * 3600 * 1000);
      await utimes(dir, when, when);
    };
    await make('directory-upload-old1', 30);
    await make('directory-upload-old2', 7);
    await make('directory-upload-busy', 0.5);
    await make('someone-else-old', 30);
    assert.equal(await removeAbandonedUploads({ tmpDir }), 2);
    assert.deepEqual((await readdir(tmpDir)).sort(), ['directory-upload-busy', 'someone-else-old']);
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
});
