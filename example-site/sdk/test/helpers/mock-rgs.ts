import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the mock RGS saw it. */
export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** What a route answers: JSON, raw text, or nothing at all (the socket stays open). */
export type MockAnswer =
  | { status?: number; json: unknown }
  | { status?: number; text: string }
  | 'hang';

export type Route = (request: RecordedRequest, attempt: number) => MockAnswer;

/**
 * A tiny RGS on 127.0.0.1 with a random port. Routes can be replaced per
 * test; every request is recorded with how often its path was hit.
 */
export class MockRgs {
  readonly requests: RecordedRequest[] = [];
  #routes = new Map<string, Route>();
  #server: Server = createServer((req, res) => void this.#handle(req, res));

  get url(): string {
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    // Hanging requests would keep close() waiting forever.
    this.#server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.#server.close((error) => (error ? reject(error) : resolve())));
  }

  /** Forgets recorded requests and installs the default happy-path routes. */
  reset(): void {
    this.requests.length = 0;
    this.#routes = new Map(Object.entries(defaultRoutes()));
  }

  route(path: string, route: Route): void {
    this.#routes.set(path, route);
  }

  hits(path: string): number {
    return this.requests.filter((request) => request.path === path).length;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      chunks.push(chunk as Buffer);
    }
    const path = (req.url ?? '').replace(/^\/v1/, '');
    const raw = Buffer.concat(chunks).toString('utf8');
    const request: RecordedRequest = {
      path,
      authorization: req.headers.authorization,
      body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
    };
    this.requests.push(request);
    const route = this.#routes.get(path);
    const answer: MockAnswer = route
      ? route(request, this.hits(path))
      : { status: 404, json: { error: { code: 'NOT_FOUND', message: `No route ${path}` } } };
    if (answer === 'hang') {
      return;
    }
    const status = answer.status ?? 200;
    if ('json' in answer) {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
    } else {
      res.writeHead(status, { 'content-type': 'text/plain' }).end(answer.text);
    }
  }
}

export const SESSION = {
  sessionId: 'sess-1',
  playerId: 'player-7',
  currency: 'EUR',
  balance: 10_000,
  minBet: 10,
  maxBet: 5_000,
};

function defaultRoutes(): Record<string, Route> {
  let balance = SESSION.balance;
  let win = 0;
  return {
    '/session/authenticate': () => {
      balance = SESSION.balance;
      return { json: SESSION };
    },
    '/session/balance': () => ({ json: { balance } }),
    '/round/play': ({ body }) => {
      const bet = body['bet'] as number;
      balance -= bet;
      win = bet * 3;
      return { json: { roundId: 'round-1', bet, win, balance, outcome: { reels: [1, 4, 4] } } };
    },
    '/round/end': ({ body }) => {
      balance += win;
      return { json: { roundId: body['roundId'], win, balance } };
    },
  };
}
