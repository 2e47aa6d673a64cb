// The libraries every page starts from, evaluated in a turn of their own (main.tsx).
import 'react-dom/client';
import 'react-router';
import '@tanstack/react-query';
