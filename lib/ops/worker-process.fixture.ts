// A child process for worker-process.test.ts: the worker process of `npm run worker`, with one extra
// task, "ops:slow", that sleeps payload.ms and then records payload.id in the table ops_slow_done.
import type { TaskList } from "graphile-worker";
import { setTimeout as sleep } from "node:timers/promises";
import { getDb } from "../db/client.ts";
import { workerTasks } from "../flows/job-tasks.ts";
import { runWorkerProcess } from "./worker-process.ts";

const slow: TaskList = {
  "ops:slow": async (payload) => {
    const { id, ms } = payload as { id: string; ms: number };
    console.log(`started ${id}`);
    await sleep(ms);
    await getDb().$executeRaw`INSERT INTO ops_slow_done (id) VALUES (${id})`;
    console.log(`finished ${id}`);
  },
};

const tasks = workerTasks();
await runWorkerProcess({ ...tasks, taskList: { ...tasks.taskList, ...slow }, pollInterval: 100, log: (m) => console.log(m) });
