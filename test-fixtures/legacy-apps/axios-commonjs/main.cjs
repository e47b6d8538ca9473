'use strict';
const { verifyDocument } = require('./journey.cjs');

const base64 = (text) => Buffer.from(text).toString('base64');

verifyDocument({ front: base64('front of a genuine passport'), selfie: base64('a clear selfie') }).then(
  (outcome) => console.log(JSON.stringify(outcome)),
  (error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
