import { servePoolJobs } from './worker-pool.js';

/** A thread of a build's worker pool: runs the jobs of src/content and src/render that the stages send it. */
servePoolJobs();
