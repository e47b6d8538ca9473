/** The declarations a vendored journey SDK ships beside its code, in the v1 shapes its functions answer. */
export const SDK_TYPES = `export interface TaskList { status: string; tasks: { taskId: string }[] }
export interface JourneyState { status: string }
export declare function listTasks(token: string, instanceId: string): Promise<TaskList>;
export declare function completeTask(token: string, instanceId: string, taskId: string, subject: object): Promise<unknown>;
export declare function fetchState(token: string, instanceId: string): Promise<JourneyState>;
`;
