let issued = 0;
exports.authHeaders = (token) => ({ authorization: `Bearer ${token}`, 'x-seq': String(issued++) });
