// npm run elasticmq:install — resolve the ElasticMQ jars into .local/elasticmq/lib ahead of time.
import { installElasticMq } from "./server.mjs";

console.log(`elasticmq: jars in ${installElasticMq()}`);
