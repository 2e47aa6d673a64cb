// React DOM, and with it the rest of the `react` chunk (React, the router: vite.config.ts), evaluated
// in a turn of its own as the app starts (main.tsx).
import 'react-dom/client';
