import type { FastifyInstance } from 'fastify';
import type { ServiceOptions, Services } from '../services/create-services.ts';
import type { StreamSource } from '../realtime/engine-snapshots.ts';
import type { StreamSink } from '../services/market-data/stream-sink.ts';
import type { Log, ServiceContext } from '../services/service-context.ts';
import { MODULES } from './modules.ts';
import type { OpenRuntime, Running, ServerModule } from './server-module.ts';

/**
 * The modules of one process, built: each module's own services (its `create`, in list order), and
 * the loops over the list that need them (due work, routes, timed loops). The server and the ops
 * command line each make one.
 */
export class ModuleSet {
  private readonly owned = new Map<string, unknown>();

  private constructor(private readonly services: Services, private readonly modules: readonly ServerModule[]) {}

  /** Builds each module's services in list order and registers its due work. */
  static async build(ctx: ServiceContext, services: Services, options: ServiceOptions, modules: readonly ServerModule[] = MODULES): Promise<ModuleSet> {
    const set = new ModuleSet(services, modules);
    for (const module of modules) {
      if (set.owned.has(module.name)) throw new Error(`two modules named "${module.name}"`);
      set.owned.set(module.name, await module.create?.(ctx, services, options, set));
      for (const handler of module.due?.(services, set.owned.get(module.name)) ?? []) services.dueWork.register(handler);
    }
    return set;
  }

  /** A module's own services (what its `create` built); its face offers a typed accessor. */
  own(name: string): unknown {
    if (!this.owned.has(name)) throw new Error(`no module named "${name}"`);
    return this.owned.get(name);
  }

  /** Opens every module in list order (its `open`); answers what to stop first on close. */
  async open(runtime: OpenRuntime): Promise<Running[]> {
    const running: Running[] = [];
    for (const module of this.modules) {
      const opened = await module.open?.(this.owned.get(module.name), runtime);
      if (opened) running.push(opened);
    }
    return running;
  }

  /** After the server stops answering: each module releases what it holds (its `close`). */
  async close(): Promise<void> {
    for (const module of this.modules) await module.close?.(this.owned.get(module.name));
  }

  routes(app: FastifyInstance): void {
    for (const module of this.modules) module.routes?.(app, this.services, this.owned.get(module.name));
  }

  /** Connects every module's private messages to the users' channels; answers their stops. */
  userEvents(sink: StreamSink): (() => void)[] {
    return this.modules.flatMap((m) => m.userEvents?.(this.services, sink, this.owned.get(m.name)) ?? []);
  }

  /** The public streams' source: the one module offering them (server-module.ts `streams`). */
  streams(): StreamSource {
    const offering = this.modules.filter((m) => m.streams);
    if (offering.length !== 1) throw new Error(`${offering.length} modules offer the public streams; the sockets serve one source`);
    const [module] = offering;
    return module!.streams!(this.owned.get(module!.name));
  }

  /** Starts every module's timed loops; `leader` as in ServerModule.start. */
  start(runtime: { leader: boolean; log: Log }): Running[] {
    return this.modules.flatMap((m) => m.start?.(this.services, runtime, this.owned.get(m.name)) ?? []);
  }
}
