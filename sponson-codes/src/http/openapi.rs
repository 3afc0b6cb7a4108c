//! OpenAPI (feature `utoipa`): each route's declared error set as its
//! operation's problem responses.
