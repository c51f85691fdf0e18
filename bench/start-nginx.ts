// nginx (Debian's package) as the load balancer in front of several server processes, for the bench.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** The production settings of docs/deployment.md: round robin, HTTP/1.1 to the upstreams, streams unbuffered. */
function configFor(directory: string, port: number, upstreams: string[]) {
  return `worker_processes 1;
daemon off;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log warn;
events { worker_connections 8192; }
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
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://agentdesk;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 300s;
    }
  }
}
`
}

/** nginx on a free port of 127.0.0.1, balancing over `upstreams` (host:port each), until stop(). */
export async function startNginx(upstreams: string[]) {
  const directory = mkdtempSync(join(tmpdir(), 'agentdesk-nginx-'))
  const port = await freePort()
  writeFileSync(join(directory, 'nginx.conf'), configFor(directory, port, upstreams))
  const child = spawn(NGINX, ['-p', directory, '-c', join(directory, 'nginx.conf')], { stdio: 'ignore' })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries += 1) {
    try {
      await fetch(`${url}/api/dashboard/api/health/`)
      break
    } catch (error) {
      if (tries > 100) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM')
      await exited
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
