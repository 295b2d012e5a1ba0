#import "Grant.h"

@implementation Grant

- (id)init {
    if ((self = [super init])) {
        [self setAlias:@"access_token" forPropertyName:@"accessToken"];
        [self setAlias:@"expires_in" forPropertyName:@"expiresAt"];
        [self addFormatterForPropertyName:@"expiresAt" input:^id(id seconds) {
            return [NSDate dateWithTimeIntervalSinceNow:[seconds doubleValue]];
        } output:nil];
    }
    return self;
}

@end
