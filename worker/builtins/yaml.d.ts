/** definitions/*.yaml, bundled as text (wrangler Text rule; a Vite transform in tests). */
declare module "*.yaml" {
  const text: string;
  export default text;
}
