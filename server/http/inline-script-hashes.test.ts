// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-script-hashes.ts';
import { contentSecurityPolicy } from './security-headers.ts';
import type { FastifyRequest } from 'fastify';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function appDir(html: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'brisk-csp-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), html);
  return dir;
}

describe('inlineScriptHashes', () => {
  it('hashes each inline script, classic or module, exactly as written, and skips scripts with a src', () => {
    const body = '(function(t){console.log(t)})({"a":1})';
    const module = 'globalThis.__briskBoot={"a":1};';
    const dir = appDir(`<head><script>${body}</script><script type="module" src="./x.js"></script></head><body><script type="module">${module}</script></body>`);
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptHashes(dir)).toEqual([hash(body), hash(module)]);
    const policy = contentSecurityPolicy({ headers: {} } as FastifyRequest, inlineScriptHashes(dir));
    expect(policy).toContain(`script-src 'self' ${hash(body)} ${hash(module)};`);
  });

  it('gives nothing when there is no build, so the policy stays self only', () => {
    expect(inlineScriptHashes(join(tmpdir(), 'no-such-brisk-build'))).toEqual([]);
    expect(contentSecurityPolicy({ headers: {} } as FastifyRequest)).toContain("script-src 'self';");
  });
});
