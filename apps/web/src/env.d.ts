/// <reference types="vite/client" />
// JSX typing of <altcha-widget> (the widget registers itself when 'altcha' is imported).
import type {} from 'altcha/types/react';
