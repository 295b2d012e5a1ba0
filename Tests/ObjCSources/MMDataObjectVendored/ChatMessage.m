#import "ChatMessage.h"

@implementation ChatMessage

- (id)init {
    if ((self = [super init])) {
        [self setAlias:@"created_at" forPropertyName:@"createdAt"];
    }
    return self;
}

@end
