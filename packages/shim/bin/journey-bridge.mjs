#!/usr/bin/env node
// `journey-bridge`: the built CLI (dist/cli.mjs), or its sources under the workspace's @journey-bridge/source condition.
import { runAsProcess } from '@journey-bridge/shim/cli';

await runAsProcess();
