// The user id a grant is stored under. The library keys grants and tokens `grant:{user}:{grant}`
// and `token:{user}:{grant}:{id}`, and an access token is `{user}:{grant}:{secret}` split on ':',
// so a subject that contains ':' (a URN, say) cannot be the user id as it is. It is escaped: '%'
// and ':' as %25 and %3A, which is one-to-one, and leaves every other subject as it was, so
// grants stored before escaping existed keep their keys (a subject with '%' in it excepted).

export function grantUserId(subject: string): string {
  return subject.replaceAll("%", "%25").replaceAll(":", "%3A");
}

export function subjectOfGrantUser(userId: string): string {
  return userId.replaceAll("%3A", ":").replaceAll("%25", "%");
}
