import { describe, expect, it } from 'vitest';
import { webhookUrlProblem } from './webhookUrl.ts';

describe('webhookUrlProblem', () => {
  it.each([
    ['https://hooks.example.com/sitelens', null],
    ['https://hooks.example.com:8443/a?b=c', null],
    ['http://127.0.0.1:4000/hook', null],
    ['http://localhost/hook', null],
    ['http://[::1]:80/hook', null],
    ['http://hooks.example.com/sitelens', 'notHttps'],
    ['https://user:secret@hooks.example.com/', 'invalid'],
    ['ftp://hooks.example.com/', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['/relative/path', 'invalid'],
    ['', 'invalid'],
  ])('%s -> %s', (url, problem) => {
    expect(webhookUrlProblem(url)).toBe(problem);
  });
});
