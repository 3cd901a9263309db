// Placeholder entry so `npm start` can build before the app shell lands; the app's owner replaces it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <p>Loading site settings...</p>
  </StrictMode>,
);
