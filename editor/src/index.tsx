/** The editor's entry: its stylesheet and the app, in the page's #editor-root. */
import { createRoot } from 'react-dom/client';
import { EditorClient } from './api/editor-client';
import { App } from './app';
import { EditorProvider } from './editor-context';
import './styles.css';

const root = document.getElementById('editor-root');
if (root) {
  createRoot(root).render(
    <EditorProvider client={new EditorClient()}>
      <App />
    </EditorProvider>,
  );
}
