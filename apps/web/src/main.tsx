import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/dates/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { isIgnoredError, reportError } from "./components/shell/error-boundary";

window.addEventListener("unhandledrejection", (event) => {
  if (isIgnoredError(event.reason)) event.preventDefault();
  else reportError(event.reason);
});

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
