// Imported first by each page of the player build: the page shares its origin with the package it
// plays, so it takes away from itself what packages may not use (common/page-guard.ts) before any
// package script can reach it.
import { guardWindow } from '@/common/page-guard.js';

guardWindow(window);
