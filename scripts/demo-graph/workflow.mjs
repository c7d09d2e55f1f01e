// The demo workflow `npm start` creates: every minute, the demo graph's critical CVEs go to the
// log activity, so a scheduled run, its history and its log lines show up at once.
export const demoWorkflow = {
  name: "Demo: critical CVEs every minute",
  enabled: true,
  schedule: { type: "interval", interval_minutes: 1 },
  stages: [
    {
      activities: [
        {
          type: "query",
          output: "critical_cves",
          parameters: {
            cypher: "MATCH (c:CVE) WHERE c.severity = 'CRITICAL' RETURN {id: c.id, severity: c.severity} AS details ORDER BY c.id LIMIT 5",
            max_rows: 5,
          },
        },
      ],
    },
    { activities: [{ type: "log", input: "critical_cves", output: "logged", parameters: { log_attrs: ["id", "severity"], message: "Critical CVE" } }] },
  ],
};
