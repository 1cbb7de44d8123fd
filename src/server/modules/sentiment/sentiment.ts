// The lexicon scorer lives in lib/sentiment.ts (db/seed uses it and never imports modules/; issue 11).
export * from '../../lib/sentiment';
