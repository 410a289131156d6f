export function App() {
  return <main><h1>Trapeza</h1></main>;
}
