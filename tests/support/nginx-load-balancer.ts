// Debian's nginx in front of several server processes, as docs/deployment.md and deploy/nginx.conf set it
// up, with a config of its own in a temporary folder (pid, logs, temp files) and a free port of 127.0.0.1.
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

export const hasNginx = () => existsSync(NGINX_PATH)

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

// The proxy settings of deploy/nginx.conf, shared by the balanced location and the per-process ones.
const PROXY_SETTINGS = `
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 300s;`

/**
 * Round robin over every upstream at `/`; `/process-<n>/…` reaches upstream n alone (the prefix removed),
 * so a test can send a call to the process it chooses, still through the proxy.
 */
function configFor(directory: string, port: number, upstreams: string[]) {
  const perProcess = upstreams.map(
    (upstream, index) => `
    location /process-${index}/ {
      proxy_pass http://process_${index}/;${PROXY_SETTINGS}
    }`,
  )
  return `worker_processes 1;
daemon off;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log warn;
events { worker_connections 4096; multi_accept on; } # the bench holds 500 visitors' streams, each with its upstream
http {
  access_log off;
  client_body_temp_path ${directory}/body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
  client_max_body_size 25m;
  upstream agentdesk {
${upstreams.map((upstream) => `    server ${upstream};`).join('\n')}
    keepalive 16;
  }
${upstreams.map((upstream, index) => `  upstream process_${index} {\n    server ${upstream};\n    keepalive 4;\n  }`).join('\n')}
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://agentdesk;${PROXY_SETTINGS}
    }${perProcess.join('')}
  }
}
`
}

export interface NginxLoadBalancer {
  url: string
  /** The URL that reaches upstream `index` alone, through nginx. */
  processUrl(index: number): string
  stop(): Promise<void>
}

/** Starts nginx over `upstreams` (host:port each) and waits until it answers the health check. */
export async function startNginxLoadBalancer(upstreams: string[]): Promise<NginxLoadBalancer> {
  const directory = mkdtempSync(join(tmpdir(), 'agentdesk-nginx-'))
  // Started as root, nginx's workers run as nobody: they must be able to enter the folder.
  chmodSync(directory, 0o755)
  const port = await freePort()
  const configPath = join(directory, 'nginx.conf')
  writeFileSync(configPath, configFor(directory, port, upstreams))
  const child = spawn(NGINX_PATH, ['-p', directory, '-c', configPath, '-e', join(directory, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let hasExited = false
  void exited.then(() => (hasExited = true))
  const errorLog = () => {
    const path = join(directory, 'error.log')
    return existsSync(path) ? readFileSync(path, 'utf8') : ''
  }
  const stop = async () => {
    if (!hasExited) child.kill('SIGTERM') // the master stops its workers before it exits
    await exited
    rmSync(directory, { recursive: true, force: true })
  }
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (hasExited) {
      const log = errorLog()
      await stop()
      throw new Error(`nginx exited at start:\n${stderr}\n${log}`)
    }
    try {
      if ((await fetch(`${url}/api/dashboard/api/health/`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { url, processUrl: (index) => `${url}/process-${index}`, stop }
}
