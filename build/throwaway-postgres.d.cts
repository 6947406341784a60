/** A running throwaway PostgreSQL cluster. */
export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}
export declare function startThrowawayPostgres(port: number): ThrowawayPostgres | null;
